// negative_data_rejection breaks every body kind the engine writes, one constraint each, written as its media type
// says: a multipart part left out or broken, a form field broken, a raw text body past its length, a required body
// left out. A server that reads what the document says refuses each (pass); one that accepts them is caught
// under negative_data_rejection, with the variant it accepted named.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../contracts/engine/transport.js';
import { engineAgainst } from '../support/engine-trial.js';

const document = {
  openapi: '3.1.0',
  info: { title: 'Uploads', version: '1' },
  paths: {
    '/uploads': {
      post: {
        operationId: 'upload',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file', 'title'],
                properties: {
                  file: { type: 'string', format: 'binary' },
                  title: { type: 'string', minLength: 2, maxLength: 10 },
                  kind: { type: 'string', enum: ['photo', 'scan'] },
                },
              },
              example: { file: 'bytes', title: 'holiday', kind: 'photo' },
            },
          },
        },
        responses: { '201': { description: 'stored' }, '400': { description: 'refused' } },
      },
    },
    '/notes': {
      put: {
        operationId: 'putNote',
        requestBody: {
          required: true,
          content: { 'text/plain': { schema: { type: 'string', maxLength: 12 }, example: 'a short note' } },
        },
        responses: { '204': { description: 'stored' }, '400': { description: 'refused' } },
      },
    },
  },
};

/** Reads what the document says: the file part, the title's length, the kind's enum; the note's length. */
function faithful(strict: boolean): http.RequestListener {
  return async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const type = req.headers['content-type'] ?? '';
    let ok = true;
    if (req.method === 'POST' && req.url === '/uploads') {
      const form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': type }, body })
        .formData()
        .catch(() => undefined);
      const title = form?.get('title');
      const kind = form?.get('kind');
      ok =
        form?.get('file') instanceof File &&
        typeof title === 'string' &&
        title.length >= 2 &&
        title.length <= 10 &&
        (kind === null || kind === 'photo' || kind === 'scan');
      return res.writeHead(ok || !strict ? 201 : 400).end();
    }
    if (req.method === 'PUT' && req.url === '/notes') {
      ok = type.startsWith('text/plain') && body.length > 0 && body.length <= 12;
      return res.writeHead(ok || !strict ? 204 : 400).end();
    }
    res.writeHead(405).end();
  };
}

async function run(strict: boolean) {
  const sent: Exchange[] = [];
  const result = await engineAgainst('uploads', document, faithful(strict), {
    checks: ['negative_data_rejection', 'positive_data_acceptance'],
    maxRequests: 200,
    onExchange: (e) => sent.push(e),
  });
  return { result, sent };
}

describe('invalid multipart and raw bodies', () => {
  it('a server that reads what the document says refuses each one (negative_data_rejection passes)', async () => {
    const { result, sent } = await run(true);
    const outcomes = result.outcomes.map((o) => `${o.check} ${o.operation} ${o.verdict}`).sort();
    expect(outcomes).toEqual([
      'negative_data_rejection POST /uploads (upload) pass',
      'negative_data_rejection PUT /notes (putNote) pass',
      'positive_data_acceptance POST /uploads (upload) pass',
      'positive_data_acceptance PUT /notes (putNote) pass',
    ]);
    // The variants, as their media types write them.
    const uploads = sent.filter((e) => e.request.path === '/uploads').map((e) => e.request.body ?? '(none)');
    expect(uploads.some((b) => b.includes('name="file"') && !b.includes('name="title"'))).toBe(true);
    expect(uploads.some((b) => b.includes('NOT_AN_ENUM_VALUE'))).toBe(true);
    expect(uploads).toContain('(none)');
    const notes = sent.filter((e) => e.request.path === '/notes').map((e) => e.request.body ?? '(none)');
    expect(notes).toContain('a'.repeat(13));
  });

  it('a server that accepts them is caught under negative_data_rejection, naming the variant', async () => {
    const { result } = await run(false);
    const caught = result.outcomes.filter((o) => o.check === 'negative_data_rejection' && o.verdict === 'FAIL');
    expect(caught.map((o) => o.operation).sort()).toEqual(['POST /uploads (upload)', 'PUT /notes (putNote)']);
    expect(caught.map((o) => o.message).join('\n')).toMatch(/multipart .*: accepted with 201/);
    expect(caught.map((o) => o.message).join('\n')).toMatch(/raw body .*: accepted with 204/);
  });
});
