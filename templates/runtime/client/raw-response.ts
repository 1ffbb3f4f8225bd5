// The successful answer of a call as a Response whose body is still to be read (event streams, upload
// steps): each read is guarded by the idle timeout, and failures surface as this package's errors.
import type { ApiCore, CallOptions, RequestSpec } from './core.js';

/** Sends the request (with retries) and returns the successful Response, its body not yet read. */
export async function fetchRaw(core: ApiCore, spec: RequestSpec, options: CallOptions = {}): Promise<Response> {
  const guarded = await core.exchange(spec, options);
  const source = guarded.response.body;
  if (!source) {
    guarded.release();
    return guarded.response;
  }
  const reader = source.getReader();
  const stream = new ReadableStream<Uint8Array>({
    async pull(target) {
      try {
        const { done, value } = await guarded.read(reader);
        if (done) target.close();
        else target.enqueue(value);
      } catch (error) {
        target.error(error);
      }
    },
    cancel(reason) {
      guarded.release();
      return reader.cancel(reason);
    },
  });
  const { status, statusText, headers } = guarded.response;
  return new Response(stream, { status, statusText, headers });
}
