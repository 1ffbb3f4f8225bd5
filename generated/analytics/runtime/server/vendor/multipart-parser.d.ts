// Declarations of the vendored @mjackson/multipart-parser build beside this file (the parts the runtime uses:
// the boundary of a Content-Type, and a part's headers read from their bytes).
export declare class MultipartPart {
  constructor(header: Uint8Array, content: Uint8Array[]);
  readonly headers: { get(name: string): string | null };
  readonly name: string | undefined;
  readonly filename: string | undefined;
  readonly mediaType: string | undefined;
  readonly isFile: boolean;
}
export declare function getMultipartBoundary(contentType: string): string | null;
