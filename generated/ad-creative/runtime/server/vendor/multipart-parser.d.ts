// Declarations of the vendored @mjackson/multipart-parser build beside this file (the parts the runtime uses).
export interface MultipartPart {
  readonly headers: { get(name: string): string | null };
  readonly bytes: Uint8Array;
  readonly text: string;
  readonly name: string | undefined;
  readonly filename: string | undefined;
  readonly mediaType: string | undefined;
  readonly isFile: boolean;
}
export declare class MultipartParseError extends Error {}
export declare function getMultipartBoundary(contentType: string): string | null;
export declare function parseMultipart(
  message: Uint8Array | Iterable<Uint8Array>,
  options: { boundary: string; maxHeaderSize?: number; maxFileSize?: number },
): Generator<MultipartPart, void, unknown>;
