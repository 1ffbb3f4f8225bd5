// Generative: the mutants of the GEN-FILE-* rules (./file.rules.ts), each to be caught under its own rule.
import type { BlobStore } from '../../../reference/generative/blobs.js';
import { invalid } from '../../../reference/generative/errors.js';
import type { GenerativeStore } from '../../../reference/generative/store.js';
import { replacing } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { chain, on, perRequest, rewriteQuery, rewriteRequest } from '../../mutants/wire.js';
import { answerJson, isGenerate, isOnly, metadataOf, requestJson, seam, wire } from './mutant-context.js';

/** The SHA-256 of no bytes, base64. */
const EMPTY_SHA256 = '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
/**
 * Generated names repeat within a second: the namer takes the clock's second, and a name taken already is
 * refused as if the caller had chosen it.
 */
function namesCollide(): Mutant {
  const generated = new Set<string>();
  return seam('GEN-FILE-3', 'names-collide', 'generated names repeat within a second', {
    fileId: () => () => {
      const id = `f${Math.floor(Date.now() / 1000).toString(36)}`;
      generated.add(id);
      return id;
    },
    store: replacing<GenerativeStore>((original) => ({
      insertFile: async (file) => {
        if (await original.insertFile(file)) return true;
        if (generated.has(file.id)) throw invalid(`A file named files/${file.id} already exists.`, 'file.name');
        return false;
      },
    })),
  });
}
/**
 * A PROCESSING file is taken as ACTIVE when a generation request names it: the wire notes the files a
 * generation request references, the store answers those once as ACTIVE.
 */
function processingFileUsed(): Mutant {
  const referenced = new Set<string>();
  return seam(
    'GEN-FILE-STATE-4',
    'processing-file-used',
    'a PROCESSING file is accepted in generation',
    {
      store: replacing<GenerativeStore>((original) => ({
        file: async (project, id) => {
          const file = await original.file(project, id);
          if (!file || !referenced.delete(id) || file.state !== 'PROCESSING') return file;
          return { ...file, state: 'ACTIVE' };
        },
      })),
    },
    rewriteRequest((request) => {
      if (!isGenerate(request)) return;
      const uris = request.body.toString('utf8').match(/\/files\/[a-z0-9-]+/g) ?? [];
      for (const uri of uris) referenced.add(uri.replace('/files/', ''));
    }),
  );
}

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-FILE-1',
    'bad-id-repaired',
    'a malformed file id is lower-cased and trimmed instead of refused',
    requestJson(isOnly('POST', /^\/v1beta\/files$/), (body) => {
      if (typeof body.file?.name === 'string') {
        const id = body.file.name
          .replace(/^files\//, '')
          .toLowerCase()
          .replace(/^-+|-+$/g, '')
          .slice(0, 40)
          .replace(/-+$/, '');
        body.file.name = `files/${id}`;
      }
    }),
  ),
  wire(
    'GEN-FILE-2',
    'display-name-truncated',
    'a displayName over 512 characters is cut instead of refused',
    requestJson(isOnly('POST', /^\/v1beta\/files$/), (body) => {
      if (typeof body.file?.displayName === 'string') body.file.displayName = body.file.displayName.slice(0, 512);
    }),
  ),
  namesCollide(),
  wire(
    'GEN-FILE-4',
    'output-only-taken-over',
    'a client-sent sizeBytes is taken over into the answer',
    perRequest(() => {
      let sent: unknown;
      return chain(
        rewriteRequest((request) => {
          const meta = metadataOf(request);
          sent = meta?.file?.sizeBytes;
        }),
        answerJson(
          () => sent !== undefined,
          (body) => (body.file ? { body: { ...body, file: { ...body.file, sizeBytes: sent } } } : undefined),
        ),
      );
    }),
  ),
  seam('GEN-FILE-4', 'hash-of-nothing', 'sha256Hash is the hash of no bytes', {
    blobs: replacing<BlobStore>((original) => ({
      put: async (bytes) => ({ ...(await original.put(bytes)), sha256: EMPTY_SHA256 }),
    })),
  }),
  seam('GEN-FILE-STATE-1', 'video-active-at-once', 'videos are ACTIVE at once', {
    store: replacing<GenerativeStore>((original) => ({
      insertFile: (file) => original.insertFile(file.state === 'PROCESSING' ? { ...file, state: 'ACTIVE' } : file),
    })),
  }),
  seam('GEN-FILE-STATE-2', 'every-video-fails', 'processing fails every video', {
    store: replacing<GenerativeStore>((original) => ({
      updateFile: (project, id, change) =>
        original.updateFile(
          project,
          id,
          change.state === 'ACTIVE'
            ? {
                state: 'FAILED',
                error: {
                  code: 3,
                  message: 'Video processing failed: video/unknown is not a video type this service reads.',
                },
                updateTime: change.updateTime,
              }
            : change,
        ),
    })),
  }),
  seam('GEN-FILE-STATE-3', 'broken-video-active', 'a video that cannot be read becomes ACTIVE', {
    store: replacing<GenerativeStore>((original) => ({
      updateFile: (project, id, change) =>
        original.updateFile(
          project,
          id,
          change.state === 'FAILED' ? { state: 'ACTIVE', updateTime: change.updateTime } : change,
        ),
    })),
  }),
  wire(
    'GEN-FILE-STATE-3',
    'failed-without-error',
    'a FAILED file carries no error',
    answerJson(isOnly('GET', /^\/v1beta\/files/), (body) => {
      for (const file of body.files ?? [body]) delete file.error;
      return { body };
    }),
  ),
  processingFileUsed(),
  seam('GEN-FILE-VIDEO-1', 'duration-in-ms', 'videoDuration reports milliseconds', {
    store: replacing<GenerativeStore>((original) => ({
      updateFile: (project, id, change) =>
        original.updateFile(
          project,
          id,
          change.videoDuration
            ? { ...change, videoDuration: `${Math.round(Number.parseFloat(change.videoDuration) * 1000)}s` }
            : change,
        ),
    })),
  }),
  wire(
    'GEN-FILE-VIDEO-1',
    'duration-missing',
    'an ACTIVE video has no videoMetadata',
    answerJson(isOnly('GET', /^\/v1beta\/files\//), (body) => {
      delete body.videoMetadata;
      return { body };
    }),
  ),
  wire(
    'GEN-FILE-DELETED-1',
    'deleted-file-not-found',
    'a deleted file referenced in generation answers NOT_FOUND',
    answerJson(isGenerate, (body, status) => {
      const id = /the File ([a-z0-9-]+) or it may not exist/.exec(body.error?.message ?? '')?.[1];
      if (status !== 403 || !id) return undefined;
      return {
        body: { error: { code: 404, message: `File files/${id} not found.`, status: 'NOT_FOUND' } },
        status: 404,
      };
    }),
  ),
  wire(
    'GEN-FILE-DELETE-1',
    'delete-does-nothing',
    'delete answers {} but the file stays',
    perRequest(() => {
      let deleting = false;
      return chain(
        // The service looks the file up as for a read (so an unknown file is still refused) and deletes nothing.
        rewriteRequest((request) => {
          if (request.method !== 'DELETE' || !/^\/v1beta\/files\//.test(request.url.pathname)) return;
          deleting = true;
          request.method = 'GET';
        }),
        answerJson(
          () => deleting,
          (_body, status) => (status === 200 ? { body: {} } : undefined),
        ),
      );
    }),
  ),
  wire(
    'GEN-FILE-LIST-1',
    'default-page-20',
    'without pageSize a page holds 20 files',
    rewriteQuery(on('GET', /^\/v1beta\/files$/), (query) => {
      if (!query.has('pageSize')) query.set('pageSize', '20');
    }),
  ),
  seam('GEN-FILE-LIST-1', 'page-size-ignored', 'pageSize is accepted and ignored', {
    store: replacing<GenerativeStore>((original) => ({
      files: (project, after) => original.files(project, after, 10),
    })),
  }),
  seam('GEN-FILE-LIST-2', 'token-ignored', 'pageToken is accepted and ignored (the first page again)', {
    store: replacing<GenerativeStore>((original) => ({
      files: (project, _after, limit) => original.files(project, 0, limit),
    })),
  }),
  seam('GEN-FILE-LIST-3', 'all-projects-listed', "the list holds every project's files", {
    store: replacing<GenerativeStore>((original) => ({
      files: (_project, after, limit) => original.files(null, after, limit),
    })),
  }),
];
