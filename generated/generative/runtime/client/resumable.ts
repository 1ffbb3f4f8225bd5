// Copied from templates/runtime/client/resumable.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Resumable media upload, generic over its wire names (the spec's x-media-upload.resumable): start a
// session (the answer names its URL in a header), send chunks with their offsets, the last with the
// protocol's finalizing headers; on a broken chunk ask the server how much it holds and go on from there.
// Chunks follow the client's retry policy (a chunk is safe to resend from the confirmed offset).
import {
  sleep,
  type ApiCore,
  type ApiResponse,
  type CallOptions,
  type CredentialPlacement,
  type RequestSpec,
} from './core.js';
import { ApiError } from './errors.js';
import { fetchRaw } from './raw-response.js';
import { retryDelay } from './retry.js';
import { chunks, sizeOf, type UploadProgress, type UploadSource } from './upload-source.js';

/** One request of the protocol: its method (default: the operation's) and its fixed headers. */
interface Step {
  method?: string;
  headers: Record<string, string>;
}

/** A resumable protocol as the spec declares it (x-media-upload.resumable). */
export interface ResumableProtocol {
  /** Every chunk but the last is a multiple of this many bytes. */
  granularity: number;
  /** Default chunk size. */
  chunkSize: number;
  start: Step & { sizeHeader?: string; typeHeader?: string; sessionHeader: string };
  chunk: Step & { lastHeaders?: Record<string, string>; offsetHeader: string; contentType?: string };
  query: Step & { receivedHeader: string };
}

export interface ResumableArgs {
  operationId: string;
  method: string;
  path: string;
  /** The operation's query parameters, their styles and the caller's header parameters: on the start request. */
  query?: RequestSpec['query'];
  queryStyle?: RequestSpec['queryStyle'];
  headers?: Record<string, string>;
  credentials: CredentialPlacement;
  server?: string;
  protocol: ResumableProtocol;
  metadata: unknown;
  source: UploadSource;
  mimeType: string;
  size?: number;
  /** Bytes per chunk, rounded down to the protocol's granularity. */
  chunkSize?: number;
  onProgress?: (progress: UploadProgress) => void;
  /** Called with the session URL once the session exists: keep it to resume the upload later (`session`). */
  onSession?: (url: string) => void;
  /** The URL of a session started earlier (e.g. before a restart): no new session; the upload goes on from the bytes it holds. */
  session?: string;
}

export async function resumableUpload(
  core: ApiCore,
  args: ResumableArgs,
  options: CallOptions = {},
): Promise<ApiResponse<unknown>> {
  const { protocol, operationId } = args;
  const unit = protocol.granularity;
  const chunkSize = Math.max(unit, Math.floor((args.chunkSize ?? protocol.chunkSize) / unit) * unit);
  const total = args.size ?? sizeOf(args.source);
  const base = { operationId, path: args.path, credentials: args.credentials, server: args.server };
  const session = { ...base, absoluteUrl: args.session ?? (await startSession(core, args, base, options)) };
  const query: RequestSpec = {
    ...session,
    method: protocol.query.method ?? args.method,
    headers: protocol.query.headers,
    idempotent: true,
  };
  args.onSession?.(session.absoluteUrl);

  // A resumed session goes on from the bytes the server holds.
  let offset = args.session ? await queryReceived(core, query, protocol.query.receivedHeader, options) : 0;
  args.onProgress?.({ loaded: offset, total });
  for await (const { chunk, last } of chunks(args.source, chunkSize, offset)) {
    let sent = 0;
    for (let attempt = 0; ; attempt++) {
      const spec: RequestSpec = {
        ...session,
        method: protocol.chunk.method ?? args.method,
        headers: {
          ...(last ? (protocol.chunk.lastHeaders ?? protocol.chunk.headers) : protocol.chunk.headers),
          [protocol.chunk.offsetHeader]: String(offset + sent),
        },
        body: {
          kind: 'raw',
          value: chunk.subarray(sent),
          contentType: protocol.chunk.contentType ?? 'application/octet-stream',
        },
      };
      try {
        const response = await fetchRaw(core, spec, { ...options, retry: false });
        offset += chunk.byteLength;
        args.onProgress?.({ loaded: offset, total });
        if (last) {
          const text = await response.text();
          return { data: text ? JSON.parse(text) : undefined, status: response.status, headers: response.headers };
        }
        await response.arrayBuffer();
        break;
      } catch (error) {
        const wait = retryDelay(error, core.retryOptions(options), {
          attempt,
          idempotent: true,
          throttleCodes: core.profile.throttleCodes,
        });
        if (wait === undefined) throw error;
        await sleep(wait, operationId, options.signal);
        // Ask how much of this chunk arrived and send only the rest.
        const received = await queryReceived(core, query, protocol.query.receivedHeader, options);
        sent = Math.min(chunk.byteLength, Math.max(0, received - offset));
      }
    }
  }
  throw new ApiError(`${operationId}: the upload source was empty`, 0, operationId, undefined, new Headers());
}

/** Opens a session (the start request carries the metadata as JSON) and gives its absolute URL. */
async function startSession(
  core: ApiCore,
  args: ResumableArgs,
  base: Pick<RequestSpec, 'operationId' | 'path' | 'credentials' | 'server'>,
  options: CallOptions,
): Promise<string> {
  const { protocol, operationId } = args;
  const total = args.size ?? sizeOf(args.source);
  // The protocol's own headers win over a parameter of the same name.
  const headers = { ...args.headers, ...protocol.start.headers };
  if (protocol.start.typeHeader) headers[protocol.start.typeHeader] = args.mimeType;
  if (protocol.start.sizeHeader && total !== undefined) headers[protocol.start.sizeHeader] = String(total);
  // Starting a session twice leaves an unused session, nothing more: safe to retry.
  const spec: RequestSpec = {
    ...base,
    query: args.query,
    queryStyle: args.queryStyle,
    method: protocol.start.method ?? args.method,
    headers,
    body: { kind: 'json', value: args.metadata },
    idempotent: true,
  };
  const start = await fetchRaw(core, spec, options);
  await start.arrayBuffer();
  const location = start.headers.get(protocol.start.sessionHeader);
  if (!location)
    throw new ApiError(
      `${operationId}: the server started no upload session (no ${protocol.start.sessionHeader} header)`,
      start.status,
      operationId,
      undefined,
      start.headers,
    );
  return new URL(location, core.url(spec)).href;
}

async function queryReceived(core: ApiCore, spec: RequestSpec, header: string, options: CallOptions): Promise<number> {
  const response = await fetchRaw(core, spec, options);
  await response.arrayBuffer();
  const received = Number(response.headers.get(header) ?? NaN);
  if (!Number.isFinite(received) || received < 0) {
    throw new ApiError(
      `${spec.operationId}: the upload status answer names no received size (${header})`,
      response.status,
      spec.operationId,
      undefined,
      response.headers,
    );
  }
  return received;
}
