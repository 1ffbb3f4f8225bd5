// Text no store keeps as sent (U+0000, which PostgreSQL refuses; an unpaired surrogate, which UTF-8 cannot hold) in
// a credential, a path or query parameter, a form field or a JSON string or name is refused by each service with
// its invalid-request answer before any store call, on SQLite and on PostgreSQL alike; and a resumable upload
// whose finalize fails keeps its session and bytes, so the finalize can be sent again.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startReference,
  type ReferenceOptions,
  type ReferenceSession,
  type ServiceKey,
} from '../../reference/index.js';
import { postgresUnavailable } from '../support/postgres-server.js';
import { testDatabase, type TestDatabase } from '../support/test-database.js';

const SERVICES: ServiceKey[] = ['ad-creative', 'analytics', 'generative'];
const CREATIVE = '120330000008134415';
const ADS_TOKEN = 'test-token-admin';
const ANALYTICS = { authorization: 'Bearer test-token-all-scopes' };
const KEY = { 'x-goog-api-key': 'test-api-key' };

/** Counts the calls of every store method while `counting` is on. */
class StoreCalls {
  counting = false;
  readonly calls: string[] = [];
  decorate = (key: ServiceKey) => (store: object) =>
    new Proxy(store, {
      get: (target, name, receiver) => {
        const value = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (this.counting) this.calls.push(`${key}.${String(name)}`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
}

/** A failure of the file row's insert, planted once when armed (a database that drops a connection). */
const failingInsert = { armed: false };
const decorateGenerativeStore = (calls: StoreCalls) => (store: object) => {
  const counted = calls.decorate('generative')(store) as { insertFile(...a: unknown[]): unknown };
  return new Proxy(counted, {
    get: (target, name, receiver) => {
      if (name !== 'insertFile') return Reflect.get(target, name, receiver);
      return async (...args: unknown[]) => {
        if (failingInsert.armed) {
          failingInsert.armed = false;
          throw new Error('planted: the connection was lost');
        }
        return target.insertFile(...args);
      };
    },
  });
};

async function graphInvalid(answer: Response) {
  const text = await answer.text();
  expect(answer.status, text).toBe(400);
  const body = JSON.parse(text) as { error: { type: string; code: number; is_transient?: boolean } };
  expect(body.error).toMatchObject({ type: 'OAuthException', code: 100 });
  expect(body.error.is_transient).not.toBe(true);
}

async function statusInvalid(answer: Response) {
  const text = await answer.text();
  expect(answer.status, text).toBe(400);
  expect((JSON.parse(text) as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
}

const json = (body: unknown, headers: Record<string, string>) => ({
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

function modes(name: string, options: () => Promise<ReferenceOptions>) {
  describe(`on ${name}`, () => {
    let session: ReferenceSession;
    const calls = new StoreCalls();
    const base = (key: ServiceKey) => session.endpoints[key]!.baseUrl;

    beforeAll(async () => {
      session = await startReference(SERVICES, {
        ...(await options()),
        decorate: {
          'ad-creative': { store: calls.decorate('ad-creative') },
          analytics: { store: calls.decorate('analytics') },
          generative: { store: decorateGenerativeStore(calls) },
        },
      });
    }, 120_000);
    afterAll(() => session?.stop());

    /** Each request answered with `judge`, and no store method called while it was served. */
    async function refusedUnstored(send: () => Promise<Response>, judge: (answer: Response) => Promise<void>) {
      calls.calls.length = 0;
      calls.counting = true;
      try {
        await judge(await send());
      } finally {
        calls.counting = false;
      }
      expect(calls.calls).toEqual([]);
    }

    it('ad creative: a NUL in the token, a form field or an update is 400 code 100 (not transient)', async () => {
      const ads = base('ad-creative');
      await refusedUnstored(
        () => fetch(`${ads}/v20.0/act_1234567890/adcreatives?access_token=test-token%00admin`),
        graphInvalid,
      );
      await refusedUnstored(
        () =>
          fetch(`${ads}/v20.0/act_1234567890/adcreatives`, {
            method: 'POST',
            body: new URLSearchParams({
              access_token: ADS_TOKEN,
              name: 'a\u0000b',
              object_story_spec: JSON.stringify({
                page_id: '111222333444',
                link_data: { link: 'https://shop.example/n' },
              }),
            }),
          }),
        graphInvalid,
      );
      await refusedUnstored(
        () =>
          fetch(`${ads}/v20.0/${CREATIVE}`, {
            method: 'POST',
            body: new URLSearchParams({ access_token: ADS_TOKEN, name: 'renamed\u0000' }),
          }),
        graphInvalid,
      );
      const kept = await fetch(`${ads}/v20.0/${CREATIVE}?fields=name&access_token=${ADS_TOKEN}`);
      expect(((await kept.json()) as { name: string }).name).not.toContain('\u0000');
    });

    it('analytics: a NUL in a query value, a title or an item id, and an unpaired surrogate, are 400 INVALID_ARGUMENT', async () => {
      const a = base('analytics');
      await refusedUnstored(() => fetch(`${a}/v2/groups?id=Abc%00`, { headers: ANALYTICS }), statusInvalid);
      await refusedUnstored(
        () =>
          fetch(
            `${a}/v2/groups`,
            json({ snippet: { title: 't\u0000x' }, contentDetails: { itemType: 'platform#video' } }, ANALYTICS),
          ),
        statusInvalid,
      );
      await refusedUnstored(
        () =>
          fetch(`${a}/v2/groups`, {
            method: 'POST',
            headers: { ...ANALYTICS, 'content-type': 'application/json' },
            // JSON.stringify would escape it the same way: the text a client sends, written out.
            body: '{"snippet":{"title":"t\\ud800x"},"contentDetails":{"itemType":"platform#video"}}',
          }),
        statusInvalid,
      );
      await refusedUnstored(
        () =>
          fetch(
            `${a}/v2/groupItems`,
            json({ groupId: 'Abc123Group', resource: { kind: 'platform#video', id: 'video\u0000x' } }, ANALYTICS),
          ),
        statusInvalid,
      );
    });

    it('generative: a NUL in the key, a path, a display name or a resumable start is 400 INVALID_ARGUMENT', async () => {
      const g = base('generative');
      await refusedUnstored(() => fetch(`${g}/v1beta/files?key=test-api%00key`), statusInvalid);
      await refusedUnstored(() => fetch(`${g}/v1beta/cachedContents/a%00b`, { headers: KEY }), statusInvalid);
      await refusedUnstored(
        () =>
          fetch(
            `${g}/v1beta/cachedContents`,
            json(
              {
                model: 'models/text-model-1',
                displayName: 'd\u0000x',
                contents: [{ role: 'user', parts: [{ text: 'x' }] }],
              },
              KEY,
            ),
          ),
        statusInvalid,
      );
      await refusedUnstored(
        () =>
          fetch(`${g}/upload/v1beta/files`, {
            ...json({ file: { displayName: 'f\u0000x' } }, KEY),
            headers: {
              ...KEY,
              'content-type': 'application/json',
              'x-goog-upload-protocol': 'resumable',
              'x-goog-upload-command': 'start',
              'x-goog-upload-header-content-length': '4',
            },
          }),
        statusInvalid,
      );
    });

    it('generative: a finalize whose file cannot be stored keeps the session and its bytes; sent again, it stores them', async () => {
      const g = base('generative');
      const start = await fetch(`${g}/upload/v1beta/files`, {
        method: 'POST',
        headers: {
          ...KEY,
          'content-type': 'application/json',
          'x-goog-upload-protocol': 'resumable',
          'x-goog-upload-command': 'start',
          'x-goog-upload-header-content-length': '10',
          'x-goog-upload-header-content-type': 'text/plain',
        },
        body: JSON.stringify({ file: { displayName: 'kept bytes' } }),
      });
      expect(start.status).toBe(200);
      const url = start.headers.get('x-goog-upload-url')!;
      const first = await fetch(url, {
        method: 'POST',
        headers: { 'x-goog-upload-command': 'upload', 'x-goog-upload-offset': '0' },
        body: '01234',
      });
      expect(first.status).toBe(200);
      failingInsert.armed = true;
      const failed = await fetch(url, {
        method: 'POST',
        headers: { 'x-goog-upload-command': 'upload, finalize', 'x-goog-upload-offset': '5' },
        body: '56789',
      });
      expect(failed.status).toBe(500);
      expect(failingInsert.armed).toBe(false);
      const query = await fetch(url, { method: 'POST', headers: { 'x-goog-upload-command': 'query' } });
      expect(query.status).toBe(200);
      expect(query.headers.get('x-goog-upload-size-received')).toBe('10');
      const finalized = await fetch(url, {
        method: 'POST',
        headers: { 'x-goog-upload-command': 'finalize' },
      });
      expect(finalized.status).toBe(200);
      const file = ((await finalized.json()) as { file: { sizeBytes: string; sha256Hash: string } }).file;
      expect(file).toMatchObject({
        sizeBytes: '10',
        sha256Hash: createHash('sha256').update('0123456789').digest('base64'),
      });
    });
  });
}

modes('SQLite', async () => ({}));

const unavailable = postgresUnavailable();
if (unavailable) console.warn(`\n*** SKIPPED: unstorable text on PostgreSQL: ${unavailable} ***\n`);
describe.skipIf(unavailable)('PostgreSQL', () => {
  let database: TestDatabase | undefined;
  let url = '';
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'unstorable-'));
  beforeAll(async () => {
    database = await testDatabase();
    url = database.url;
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });
  modes('PostgreSQL', async () => ({ database: url, filesDir: fs.mkdtempSync(path.join(root, 'files-')) }));
});
