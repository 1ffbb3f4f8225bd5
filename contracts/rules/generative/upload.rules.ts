// Generative: the GEN-UPLOAD-* rules (GEN-UPLOAD-1, GEN-UPLOAD-2); their mutants are in ./upload.mutants.ts.
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { unique } from '../../harness/expect-error.js';
import { ruleTest, ruleTests } from '../../harness/rule-test.js';
import { type FileBody, ctx, expectStored, idOf, listedNames, upload } from './context.js';

ruleTest('GEN-UPLOAD-1', 'a multipart upload creates the file with its metadata, size and hash', async (t) => {
  const { client } = ctx(t);
  const displayName = unique('multipart');
  const file = await upload(t, client, 'text/plain', 'hello', { displayName });
  expect(file.displayName).toBe(displayName);
  expect(file.sizeBytes).toBe('5');
  expect(file.mimeType).toBe('text/plain');
  expect(file.sha256Hash).toBe('LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ=');
  // Created means stored: files.get answered it as created (upload), and the project's list holds it.
  if (t.partlyJudged('a stateless target stores nothing to read back')) return;
  expect(await listedNames(client)).toContain(file.name);
});
ruleTests('GEN-UPLOAD-2', [
  [
    "a resumable upload in chunks answers the file with the total size and the bytes' hash",
    async (t) => {
      const { client } = ctx(t);
      const data = new Uint8Array(600 * 1024).map((_, i) => (i * 7) % 251);
      const progress: number[] = [];
      const result = await client.uploadFileResumable({
        metadata: { file: { displayName: unique('resumable') } },
        source: data,
        mimeType: 'application/octet-stream',
        chunkSize: 256 * 1024,
        onProgress: (p) => progress.push(p.loaded),
      });
      t.defer(() => client.deleteFile({ file: idOf(result.file!.name!) }));
      expect(result.file?.sizeBytes).toBe(String(data.byteLength));
      expect(result.file?.sha256Hash).toBe(createHash('sha256').update(data).digest('base64'));
      expect(progress.at(-1)).toBe(data.byteLength);
      if (t.partlyJudged('a stateless target stores nothing to read back')) return;
      await expectStored(client, result.file!);
      expect(await listedNames(client)).toContain(result.file!.name);
    },
  ],
  [
    'the session URL as returned takes chunks at their offsets, answers query, and refuses a wrong offset',
    async (t) => {
      const { f, client } = ctx(t);
      const upload = t.session.endpoints.generative!.uploadUrl;
      const data = Buffer.from('0123456789abcdefghij');
      const start = await t.clients.fetch(`${upload}/upload/v1beta/files`, {
        method: 'POST',
        headers: {
          'x-goog-api-key': f.apiKey,
          'content-type': 'application/json',
          'x-goog-upload-protocol': 'resumable',
          'x-goog-upload-command': 'start',
          'x-goog-upload-header-content-length': String(data.length),
          'x-goog-upload-header-content-type': 'text/plain',
        },
        body: JSON.stringify({ file: { displayName: unique('session') } }),
      });
      expect(start.status).toBe(200);
      const session = start.headers.get('x-goog-upload-url');
      expect(session, 'x-goog-upload-url').toBeTruthy();
      // The cookbook posts the chunks to the session URL as it is (public-service-notes 3.3).
      const step = (command: string, offset: number | undefined, body?: Buffer) =>
        t.clients.fetch(session!, {
          method: 'POST',
          headers: {
            'x-goog-upload-command': command,
            ...(offset !== undefined ? { 'x-goog-upload-offset': String(offset) } : {}),
          },
          ...(body ? { body: new Blob([new Uint8Array(body)]) } : {}),
        });
      const first = await step('upload', 0, data.subarray(0, 8));
      expect(first.status).toBe(200);
      expect(first.headers.get('x-goog-upload-status')).toBe('active');
      // The next chunk's offset is exactly the bytes received: one step before it and one step past are refused.
      for (const offset of [3, 7, 9]) {
        const wrong = await step('upload', offset, data.subarray(8, 12));
        expect(wrong.status, `a chunk at offset ${offset} after 8 bytes is refused`).toBe(400);
      }
      const query = await step('query', undefined);
      expect(query.headers.get('x-goog-upload-size-received')).toBe('8');
      const last = await step('upload, finalize', 8, data.subarray(8));
      expect(last.status).toBe(200);
      expect(last.headers.get('x-goog-upload-status')).toBe('final');
      const file = ((await last.json()) as { file: FileBody }).file;
      t.defer(() => client.deleteFile({ file: idOf(file.name!) }));
      expect(file.sizeBytes).toBe(String(data.length));
      expect(file.sha256Hash).toBe(createHash('sha256').update(data).digest('base64'));
      await expectStored(client, file);
    },
  ],
]);
