// `x-media-upload` (operation): the upload protocols (multipart, resumable) and their wire names.
import { METHODS } from '../methods.js';
import type { MediaUploadModel, ParameterModel, RequestBodyModel, UploadStepModel } from '../types.js';

/** `x-media-upload`: the operation's upload protocols, checked so that a generated client never guesses a wire name. */
export function mediaUpload(
  id: string,
  op: any,
  bodies: RequestBodyModel[],
  parameters: ParameterModel[],
): { mediaUpload?: MediaUploadModel } {
  const raw = op['x-media-upload'];
  if (raw === undefined) return {};
  const where = `${id}: x-media-upload`;
  const text = (value: unknown, name: string, optional = false): string | undefined => {
    if (value === undefined && optional) return undefined;
    if (typeof value !== 'string' || value === '') throw new Error(`${where}.${name} must be a header name`);
    return value;
  };
  const headers = (value: unknown, name: string): Record<string, string> => {
    if (value === undefined) return {};
    if (!value || typeof value !== 'object' || Object.values(value).some((v) => typeof v !== 'string')) {
      throw new Error(`${where}.${name} must map header names to string values`);
    }
    return { ...(value as Record<string, string>) };
  };
  const step = (value: any, name: string): UploadStepModel => {
    if (!value || typeof value !== 'object') throw new Error(`${where}.${name} is required`);
    if (
      value.method !== undefined &&
      !METHODS.includes(String(value.method).toLowerCase() as never) &&
      String(value.method).toUpperCase() !== 'HEAD'
    ) {
      throw new Error(`${where}.${name}.method must be an HTTP method`);
    }
    return {
      ...(value.method ? { method: String(value.method).toUpperCase() } : {}),
      headers: headers(value.headers, `${name}.headers`),
    };
  };
  const model: MediaUploadModel = {};
  if (raw.sessionParameters !== undefined) {
    const declared = new Set(parameters.map((p) => p.name));
    const names = raw.sessionParameters;
    if (!Array.isArray(names) || names.some((n) => typeof n !== 'string' || !declared.has(n))) {
      throw new Error(`${where}.sessionParameters must list parameters the operation declares`);
    }
    model.sessionParameters = [...names];
  }
  if (raw.multipart !== undefined) {
    if (!bodies.some((b) => b.kind === 'multipart-related'))
      throw new Error(`${where}.multipart needs a multipart/related request body`);
    model.multipart = step(raw.multipart, 'multipart');
  }
  if (raw.resumable !== undefined) {
    const r = raw.resumable;
    const granularity = r.granularity ?? 1;
    const chunkSize = r.chunkSize ?? 8 * 1024 * 1024;
    if (!Number.isInteger(granularity) || granularity < 1)
      throw new Error(`${where}.resumable.granularity must be a positive integer (bytes)`);
    if (!Number.isInteger(chunkSize) || chunkSize < granularity || chunkSize % granularity !== 0) {
      throw new Error(`${where}.resumable.chunkSize must be a positive multiple of granularity`);
    }
    const lastHeaders =
      r.chunk?.lastHeaders === undefined ? undefined : headers(r.chunk.lastHeaders, 'resumable.chunk.lastHeaders');
    model.resumable = {
      granularity,
      chunkSize,
      start: {
        ...step(r.start, 'resumable.start'),
        ...optional('sizeHeader', text(r.start.sizeHeader, 'resumable.start.sizeHeader', true)),
        ...optional('typeHeader', text(r.start.typeHeader, 'resumable.start.typeHeader', true)),
        sessionHeader: text(r.start.sessionHeader, 'resumable.start.sessionHeader')!,
      },
      chunk: {
        ...step(r.chunk, 'resumable.chunk'),
        ...(lastHeaders ? { lastHeaders } : {}),
        offsetHeader: text(r.chunk.offsetHeader, 'resumable.chunk.offsetHeader')!,
        ...optional('contentType', text(r.chunk.contentType, 'resumable.chunk.contentType', true)),
      },
      query: {
        ...step(r.query, 'resumable.query'),
        receivedHeader: text(r.query.receivedHeader, 'resumable.query.receivedHeader')!,
      },
    };
  }
  return { mediaUpload: model };
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}
