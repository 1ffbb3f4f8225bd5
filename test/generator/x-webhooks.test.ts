// OpenAPI 3.0's x-webhooks extension (Redoc's form, GitHub's 3.0 document's) is read as 3.1's `webhooks`: the same
// receiver with typed handlers and validation, the same senders, the same `webhooks` types. A 3.1 document that has
// both reads `webhooks`, and the extension's webhooks of other names beside them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { buildServiceModel } from '../../generator/model/index.js';
import { specPackage } from '../support/inline-package.js';
import { compileProblems } from '../support/compile-problems.js';

const SPEC = path.join(import.meta.dirname, 'fixtures', 'x-webhooks', 'openapi.yaml');
let dir: string;
let receiver: RunningServer;
// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
let pkg: { client: any; server: any };
const received: Array<{ id: string; body: unknown; signature?: string }> = [];
const pet = { id: 7, name: 'Rex', tag: null };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'x-webhooks-'));
  pkg = await specPackage('shelter', SPEC, dir);
  receiver = await listenLocal(
    pkg.server.createShelterReceiver(
      {
        // biome-ignore lint/suspicious/noExplicitAny: the handler's input type lives in the generated package
        petAdoptedWebhook: async (input: any) => {
          received.push({ id: 'petAdopted', body: input.body });
          return { status: 200, body: { thanks: true } };
        },
        // biome-ignore lint/suspicious/noExplicitAny: the handler's input type lives in the generated package
        petReturnedWebhook: async (input: any) => {
          received.push({ id: 'petReturned', body: input.body });
          // Not what the spec documents: the receiver's answer check refuses it.
          return { status: 200, body: { thanks: 'yes' } };
        },
        // biome-ignore lint/suspicious/noExplicitAny: the handler's input type lives in the generated package
        petUpdatedWebhook: async (input: any) => {
          received.push({ id: 'petUpdated', body: input.body, signature: input.headers['x-hook-signature'] });
          return input.body.name === 'Gone' ? { status: 410 } : { status: 204 };
        },
      },
      { logger: false, validateResponses: true },
    ),
  );
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const statusOf = (sent: Promise<unknown>) =>
  sent.then(
    () => 200,
    (e: { httpStatus: number }) => e.httpStatus,
  );

describe('x-webhooks in an OpenAPI 3.0 document', () => {
  it('are modelled as webhooks, each named by its pointer in the extension, without a warning', () => {
    const heard: string[] = [];
    const document = JSON.parse(fs.readFileSync(path.join(dir, 'shelter', 'openapi.json'), 'utf8'));
    const model = buildServiceModel('shelter', document, (w) => heard.push(`${w.pointer}: ${w.message}`));
    expect(model.receivers.map((r) => [r.id, r.method, r.path, r.receiver?.pointer])).toEqual([
      ['petAdoptedWebhook', 'POST', '/petAdopted', '#/x-webhooks/petAdopted/post'],
      ['petReturnedWebhook', 'POST', '/petReturned', '#/x-webhooks/petReturned/post'],
      ['petUpdatedWebhook', 'POST', '/petUpdated', '#/x-webhooks/petUpdated/post'],
    ]);
    expect(heard).toEqual([]);
  });

  it('a header and a body: the sender sends them, the receiver hands them typed to its handler', async () => {
    const senders = new pkg.client.ShelterSenders({ maxRetries: 0 });
    await expect(
      senders.petUpdatedWebhook(`${receiver.baseUrl}/petUpdated`, { xHookSignature: 'sha256=ab12', body: pet }),
    ).resolves.toBeUndefined();
    expect(received.at(-1)).toEqual({ id: 'petUpdated', body: pet, signature: 'sha256=ab12' });
    // A documented non-success answer comes back as the sender's typed error.
    const gone = senders.petUpdatedWebhook(`${receiver.baseUrl}/petUpdated`, {
      xHookSignature: 'sha256=ab12',
      body: { ...pet, name: 'Gone' },
    });
    expect(await statusOf(gone)).toBe(410);
  });

  it('a path item by $ref (from another file, and one naming another webhook): sent and answered', async () => {
    const senders = new pkg.client.ShelterSenders({ maxRetries: 0 });
    const adoption = { pet, adoptedAt: '2026-11-26T12:00:00Z' };
    await expect(senders.petAdoptedWebhook(`${receiver.baseUrl}/petAdopted`, { body: adoption })).resolves.toEqual({
      thanks: true,
    });
    expect(received.at(-1)).toEqual({ id: 'petAdopted', body: adoption });
    // The webhook that refers to it is validated as it is: an answer its schema refuses is the receiver's 500.
    expect(await statusOf(senders.petReturnedWebhook(`${receiver.baseUrl}/petReturned`, { body: adoption }))).toBe(500);
    expect(received.at(-1)).toEqual({ id: 'petReturned', body: adoption });
  });

  it('a payload or header its schema refuses is answered 400 before the handler runs', async () => {
    const before = received.length;
    const senders = new pkg.client.ShelterSenders({ maxRetries: 0 });
    const url = `${receiver.baseUrl}/petUpdated`;
    const refused = await Promise.all([
      statusOf(
        senders.petUpdatedWebhook(url, { xHookSignature: 'sha256=ab12', body: { ...pet, name: 'x'.repeat(21) } }),
      ),
      // 3.0's `nullable` is read: null is valid, a number is not.
      statusOf(senders.petUpdatedWebhook(url, { xHookSignature: 'sha256=ab12', body: { ...pet, tag: 5 } })),
      statusOf(senders.petUpdatedWebhook(url, { xHookSignature: 'md5=zz', body: pet })),
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(pet) }).then(
        (r) => r.status,
      ),
      statusOf(senders.petAdoptedWebhook(`${receiver.baseUrl}/petAdopted`, { body: { pet, adoptedAt: 'yesterday' } })),
    ]);
    expect(refused).toEqual([400, 400, 400, 400, 400]);
    expect(received.length).toBe(before);
  });

  it('handlers, senders and the webhooks types are typed by the spec', () => {
    const probe = path.join(dir, 'shelter', 'probe.ts');
    fs.writeFileSync(
      probe,
      [
        `import { createShelterReceiver } from './server.js';`,
        `import { ShelterSenders } from './client.js';`,
        `import type { webhooks } from './types.js';`,
        `createShelterReceiver({ petUpdatedWebhook: async (input) => { const tag: string | null = input.body.tag; const sig: string = input.headers['x-hook-signature']; void tag; void sig; return { status: 204 }; } });`,
        `// @ts-expect-error the webhook answers 204 or 410`,
        `createShelterReceiver({ petUpdatedWebhook: async () => ({ status: 200 }) });`,
        `createShelterReceiver({ petAdoptedWebhook: async (input) => ({ status: 200, body: { thanks: input.body.pet.id > 0 } }) });`,
        `const senders = new ShelterSenders();`,
        `void senders.petUpdatedWebhook('http://x', { xHookSignature: 's', body: { id: 1, name: 'a', tag: 'b' } });`,
        `// @ts-expect-error the payload's schema requires tag`,
        `void senders.petUpdatedWebhook('http://x', { xHookSignature: 's', body: { id: 1, name: 'a' } });`,
        `const thanks: Promise<{ thanks: boolean }> = senders.petReturnedWebhook('http://x', { body: { pet: { id: 1, name: 'a', tag: null }, adoptedAt: 'now' } });`,
        `type Adoption = webhooks['petReturned']['post']['requestBody']['content']['application/json'];`,
        `const adoption: Adoption = { pet: { id: 1, name: 'a', tag: null }, adoptedAt: 'now' };`,
        'void thanks; void adoption;',
        '',
      ].join('\n'),
    );
    expect(compileProblems([probe])).toEqual([]);
  }, 120_000);
});

describe('a 3.1 document with both webhooks and x-webhooks', () => {
  const hook = (maxLength: number) => ({
    post: {
      requestBody: {
        content: { 'application/json': { schema: { type: 'string', maxLength } } },
      },
      responses: { '200': { description: 'ok' } },
    },
  });

  it('reads webhooks, and beside them the extension entries of other names; a differing one of the same name is a warning', () => {
    const heard: string[] = [];
    const model = buildServiceModel(
      'hooks',
      {
        openapi: '3.1.0',
        info: { title: 'hooks', version: '1' },
        paths: {},
        webhooks: { ping: hook(5), pong: hook(5) },
        'x-webhooks': { ping: hook(5), pong: hook(9), 'push/event': hook(7) },
      } as never,
      (w) => heard.push(`${w.pointer}: ${w.message}`),
    );
    expect(model.receivers.map((r) => [r.id, r.receiver?.pointer])).toEqual([
      ['pingWebhook', '#/webhooks/ping/post'],
      ['pongWebhook', '#/webhooks/pong/post'],
      ['pushEventWebhook', '#/x-webhooks/push~1event/post'],
    ]);
    expect(model.receivers.find((r) => r.id === 'pongWebhook')?.requestBodies[0]?.schema).toMatchObject({
      maxLength: 5,
    });
    expect(heard).toEqual([
      expect.stringMatching(/^#\/x-webhooks\/pong: .*differs from webhooks' pong, which is read/),
    ]);
  });
});

describe('a malformed x-webhooks', () => {
  it('is a warning naming the place, and its well-formed webhooks are read', () => {
    const heard: string[] = [];
    const document = (hooks: unknown) =>
      ({ openapi: '3.0.3', info: { title: 'hooks', version: '1' }, paths: {}, 'x-webhooks': hooks }) as never;
    const ping = { post: { responses: { '200': { description: 'ok' } } } };
    const model = buildServiceModel('hooks', document({ ping, broken: 'nope' }), (w) => heard.push(w.pointer));
    expect(model.receivers.map((r) => r.id)).toEqual(['pingWebhook']);
    expect(buildServiceModel('hooks', document([ping]), (w) => heard.push(w.pointer)).receivers).toEqual([]);
    expect(heard).toEqual(['#/x-webhooks/broken', '#/x-webhooks']);
  });
});
