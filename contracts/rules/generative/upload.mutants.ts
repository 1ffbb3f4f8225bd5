// Generative: the mutants of the GEN-UPLOAD-* rules (./upload.rules.ts), each to be caught under its own rule.
import type { BlobStore } from '../../../reference/generative/blobs.js';
import type { GenerativeStore } from '../../../reference/generative/store.js';
import { replacing } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { rewriteRequest, rewriteRequestAsync, type WireRequest } from '../../mutants/wire.js';
import { type Json, metadataOf, multipartOf, seam, wire } from './mutant-context.js';

/** Replaces a multipart upload's metadata part (its first) with `edit`'s JSON; other requests pass unchanged. */
function editMultipartMetadata(request: WireRequest, edit: (metadata: Json | undefined) => Json): Buffer | undefined {
  const multipart = multipartOf(request);
  if (!multipart?.parts.length) return undefined;
  const [first, ...rest] = multipart.parts;
  const json = Buffer.from(JSON.stringify(edit(metadataOf(request))), 'utf8').toString('latin1');
  const parts = [{ head: first!.head, body: json }, ...rest];
  const text = `${parts.map((p) => `--${multipart.boundary}${p.head}${p.body}\r\n`).join('')}--${multipart.boundary}--\r\n`;
  return Buffer.from(text, 'latin1');
}
/** A chunk is written where the session ends, whatever offset it names: the wire reads the session's count. */
function offsetUnchecked(): Mutant {
  let store: GenerativeStore | undefined;
  return seam(
    'GEN-UPLOAD-2',
    'offset-unchecked',
    'a chunk at the wrong offset is appended anyway',
    {
      store: (original) => {
        store = original;
        return original;
      },
    },
    rewriteRequestAsync(async (request) => {
      const uploadId = request.url.searchParams.get('upload_id');
      if (!uploadId || request.headers['x-goog-upload-offset'] === undefined || !store) return undefined;
      const session = await store.session(uploadId);
      if (session) request.headers['x-goog-upload-offset'] = String(session.received);
      return undefined;
    }),
  );
}

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-UPLOAD-1',
    'metadata-ignored',
    'a multipart upload ignores its metadata part',
    rewriteRequest((request) => editMultipartMetadata(request, () => ({}))),
  ),
  seam('GEN-UPLOAD-2', 'keeps-last-chunk', 'a resumable upload keeps only its last chunk', {
    blobs: replacing<BlobStore>((original) => ({
      appendChunk: (session, _offset, bytes) => original.appendChunk(session, 0, bytes),
    })),
  }),
  offsetUnchecked(),
];
