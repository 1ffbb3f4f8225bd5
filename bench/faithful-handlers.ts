// Handlers for a package generated from any document that do what the document says: each operation answers its
// first documented success with a body its schema allows (the document's example first, else a value drawn from the
// schema, as the engine draws requests) and its documented headers; a resource deleted with a 2xx answers a documented
// 4xx (404 where documented, else a bare 404) to a read of the same path, or one below it, afterwards. The generated server in front of them validates
// requests and credentials as the document says. `spec-first test` against them must find nothing to FAIL.
import type { OperationModel, ResponseModel, ServiceModel } from '../generator/model/index.js';
import { operationObject, resolveRef } from '../generator/model/index.js';
import { headerText } from '../contracts/engine/header-values.js';
import { validValue } from '../contracts/engine/requests.js';
import type { DocumentSchemas } from '../contracts/engine/schemas.js';

type Result =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  | { status: number; headers?: Record<string, string>; sse: AsyncIterable<unknown> };

const isJson = (type: string) => /^application\/(.+\+)?json\b/i.test(type) || type === '*/*';

interface MediaObject {
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
  schema?: unknown;
}

/** The status a response key names: its code, or 200 for a range or default. */
function statusOf(key: string): number {
  return /^\d{3}$/.test(key) ? Number(key) : key === 'default' ? 200 : Number(key[0]) * 100;
}

function answerOf(
  model: ServiceModel,
  schemas: DocumentSchemas,
  op: OperationModel,
  response: ResponseModel,
  seed: number,
): Result {
  const status = statusOf(response.status);
  const raw = operationObject(model.document, { path: op.path, method: op.method }).responses?.[response.status];
  const object = resolveRef<{ content?: Record<string, MediaObject>; headers?: Record<string, unknown> }>(
    model.document,
    raw ?? {},
  );
  const headers: Record<string, string> = {};
  for (const [name, ref] of Object.entries(object.headers ?? {})) {
    const header = resolveRef<{ schema?: unknown; example?: unknown; explode?: boolean }>(model.document, ref);
    // Every documented header, optional ones too (so that their schemas are judged), written in the simple style.
    // Transport headers are the server's to write: a Content-Encoding the handlers do not apply (idealspot's gzip,
    // seed 61) makes the answer unreadable.
    if (
      ['content-type', 'content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(
        name.toLowerCase(),
      )
    )
      continue;
    const value = validValue(model, schemas, header.schema, header.example, seed);
    const text = value === undefined || value === null ? undefined : headerText(value, header.explode === true);
    // Visible ASCII only: other bytes are no header value node sends.
    if (text !== undefined && /^[\x20-\x7e]*$/.test(text)) headers[name] = text;
  }
  const type = response.contentTypes.find(isJson) ?? response.contentTypes[0];
  if (status === 204 || type === undefined) return { status, headers };
  const media = resolveRef<MediaObject>(model.document, object.content?.[type] ?? {});
  if (type === 'text/event-stream') {
    const event = validValue(model, schemas, response.sseData ?? {}, undefined, seed);
    return {
      status,
      headers,
      sse: (async function* () {
        yield event;
      })(),
    };
  }
  const example =
    media.example ??
    Object.values(media.examples ?? {}).map((e) => resolveRef<{ value?: unknown }>(model.document, e).value)[0];
  // No value its schema allows (the example refused, none drawn): the document's own example, as a mock answers it
  // (the engine names such an example the document's fault).
  const schemaExample = resolveRef<{ example?: unknown }>(model.document, media.schema ?? {}).example;
  // Every member a server may answer, optional ones too (its ids: a create -> read sequence reads them).
  const value = validValue(model, schemas, media.schema ?? {}, example, seed, true) ?? example ?? schemaExample;
  if (isJson(type))
    return { status, headers: { ...headers, 'content-type': type === '*/*' ? 'application/json' : type }, body: value };
  return { status, headers: { ...headers, 'content-type': type }, body: typeof value === 'string' ? value : 'sample' };
}

/** A handlers object for the generated `create<Key>Server`: every operation of the model answered as documented. */
export function faithfulHandlers(
  model: ServiceModel,
  schemas: DocumentSchemas,
  seed = 1,
  /** Hears each operation the handlers could not answer faithfully (no value its schema allows, no example). */
  unfaithful?: Set<string>,
): Record<string, (input: { url: URL }) => Promise<Result>> {
  const deleted = new Set<string>();
  const answer = (op: OperationModel, response: ResponseModel) => {
    const result = answerOf(model, schemas, op, response, seed);
    if (
      'body' in result &&
      result.body === undefined &&
      response.contentTypes.length &&
      statusOf(response.status) !== 204
    )
      unfaithful?.add(op.id);
    return result;
  };
  return Object.fromEntries(
    model.operations.map((op) => {
      const success =
        op.responses.find((r) => r.status.startsWith('2')) ??
        op.responses.find((r) => r.status === 'default') ??
        op.responses[0];
      const gone =
        op.responses.find((r) => r.status === '404') ??
        op.responses.find((r) => r.status === '410') ??
        op.responses.find((r) => /^4(\d\d|XX)$/.test(r.status) && !['401', '403', '429'].includes(r.status));
      const method = op.method.toUpperCase();
      return [
        op.id,
        async (input: { url: URL }): Promise<Result> => {
          const path = input.url.pathname;
          // A read after the delete: its documented 404 (or other 4xx), else a bare 404 (a refusal all the same).
          if (method === 'GET' && [...deleted].some((d) => path === d || path.startsWith(`${d}/`)))
            return gone ? answer(op, gone) : { status: 404 };
          if (!success) return { status: 200 };
          const result = answer(op, success);
          if (method === 'DELETE' && result.status < 300) deleted.add(path);
          // A write makes again what a delete took: the handlers answer the document's example ids, so a create
          // after a delete names the same resource as before it.
          if (method !== 'DELETE' && method !== 'GET' && result.status < 300) deleted.clear();
          return result;
        },
      ];
    }),
  );
}
