// readOnly and writeOnly in streamed answers: an event stream's data and a JSON line are answers too, so their types
// (the client's stream values, the handler's iterable) leave writeOnly members out at any depth, as a JSON answer's
// body does (read-write-views.test.ts), whether the item's schema is a component or written inline.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileProblems } from '../support/compile-problems.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const user = { $ref: '#/components/schemas/User' };
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'feeds', version: '1' },
  paths: {
    '/users/events': {
      get: {
        operationId: 'watchUsers',
        responses: {
          '200': { description: 'events', content: { 'text/event-stream': { itemSchema: user } } },
        },
      },
    },
    '/users/export': {
      get: {
        operationId: 'exportUsers',
        responses: {
          '200': { description: 'lines', content: { 'application/x-ndjson': { itemSchema: user } } },
        },
      },
    },
    '/sessions/export': {
      get: {
        operationId: 'exportSessions',
        responses: {
          '200': {
            description: 'lines',
            content: {
              'application/jsonl': {
                itemSchema: {
                  type: 'object',
                  required: ['id', 'token'],
                  properties: { id: { type: 'string' }, token: { type: 'string', writeOnly: true } },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      User: {
        type: 'object',
        required: ['id', 'password'],
        properties: { id: { type: 'string' }, password: { type: 'string', writeOnly: true } },
      },
    },
  },
};

let pkg: InlinePackage;

beforeAll(async () => {
  pkg = await inlinePackage('feeds', DOCUMENT);
}, 120_000);

afterAll(() => pkg?.remove());

it('stream items are typed as answers see them: no writeOnly member, demanded or readable', () => {
  const probe = path.join(pkg.dir, 'probe.ts');
  fs.writeFileSync(
    probe,
    [
      `import { FeedsClient } from './client.js';`,
      `import type { FeedsHandlers } from './server.js';`,
      `export async function use(client: FeedsClient) {`,
      `  const ids: string[] = [];`,
      `  for await (const u of await client.watchUsers()) {`,
      `    ids.push(u.id);`,
      `    // @ts-expect-error an event's data carries no writeOnly member`,
      `    u.password;`,
      `  }`,
      `  for await (const u of await client.exportUsers()) {`,
      `    ids.push(u.id);`,
      `    // @ts-expect-error nor does a line`,
      `    u.password;`,
      `  }`,
      `  for await (const s of await client.exportSessions()) {`,
      `    ids.push(s.id);`,
      `    // @ts-expect-error nor an inline line schema's`,
      `    s.token;`,
      `  }`,
      `  return ids;`,
      `}`,
      `export const handlers: FeedsHandlers = {`,
      `  watchUsers: async () => ({ status: 200, sse: (async function* () { yield { id: 'u1' }; })() }),`,
      `  exportUsers: async () => ({ status: 200, lines: (async function* () { yield { id: 'u1' }; })() }),`,
      `  exportSessions: async () => ({ status: 200, lines: (async function* () { yield { id: 's1' }; })() }),`,
      `};`,
      '',
    ].join('\n'),
  );
  expect(compileProblems([probe])).toEqual([]);
}, 120_000);
