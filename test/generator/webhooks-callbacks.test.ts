// Webhooks and callbacks: the generated receiver serves each request the spec says the service sends, with typed
// handlers and the same validation as operations; the generated senders send each documented payload to a URL
// given at run time; and a callback's URL is evaluated from the subscribing request as the spec's expression says.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { generatePackage } from '../../generator/pipeline.js';
import { compileProblems } from '../support/compile-problems.js';
import { writePackage } from '../support/package-folder.js';

const SPEC = path.join(import.meta.dirname, 'fixtures', 'foreign-features', 'openapi.yaml');
let dir: string;
let provider: RunningServer;
let receiver: RunningServer;
// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
let client: any;
// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
let pkg: any;
const received: Array<{ id: string; body: unknown; headers?: Record<string, string> }> = [];
const subscribers: string[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhooks-callbacks-'));
  writePackage(dir, await generatePackage({ key: 'features', spec: SPEC }));
  pkg = await import(pathToFileURL(path.join(dir, 'server.ts')).href);
  client = await import(pathToFileURL(path.join(dir, 'client.ts')).href);
  provider = await listenLocal(
    pkg.createFeaturesServer(
      {
        // biome-ignore lint/suspicious/noExplicitAny: the handler's input type lives in the generated package
        subscribe: async (input: any) => {
          subscribers.push(pkg.subscribeCallbacks.onEvent(input));
          return { status: 201, body: { id: 's1' } };
        },
      },
      { logger: false },
    ),
  );
  receiver = await listenLocal(
    pkg.createFeaturesReceiver(
      {
        // biome-ignore lint/suspicious/noExplicitAny: the handler's input type lives in the generated package
        noteCreatedWebhook: async (input: any) => {
          received.push({ id: 'noteCreated', body: input.body, headers: { signature: input.headers['x-signature'] } });
          return {};
        },
        // biome-ignore lint/suspicious/noExplicitAny: the handler's input type lives in the generated package
        subscribeOnEventCallback: async (input: any) => {
          received.push({ id: 'onEvent', body: input.body });
          return input.body.topic === 'closed' ? { status: 410 } : { status: 204 };
        },
      },
      { logger: false, validateResponses: true, paths: { noteCreatedWebhook: '/hooks/notes' } },
    ),
  );
}, 120_000);

afterAll(async () => {
  await provider?.close();
  await receiver?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a callback', () => {
  it("its URL comes from the subscribing request; the sender posts the payload; the receiver's handler gets it typed", async () => {
    const api = new client.FeaturesClient({ baseUrl: provider.baseUrl, apiKey: 'k', maxRetries: 0 });
    expect(await api.subscribe({ callbackUrl: `${receiver.baseUrl}/subscriber-1`, body: { topic: 'notes' } })).toEqual({
      id: 's1',
    });
    expect(subscribers).toEqual([`${receiver.baseUrl}/subscriber-1/events`]);
    // The receiver serves the callback at the path its expression adds (`/events`) by default.
    const senders = new client.FeaturesSenders({ maxRetries: 0 });
    const event = { topic: 'notes', at: '2026-11-26T12:00:00Z' };
    await expect(
      senders.subscribeOnEventCallback(`${receiver.baseUrl}/events`, { body: event }),
    ).resolves.toBeUndefined();
    expect(received.at(-1)).toEqual({ id: 'onEvent', body: event });
    // A documented non-success answer comes back as the sender's typed error.
    const gone = await senders
      .subscribeOnEventCallback(`${receiver.baseUrl}/events`, { body: { ...event, topic: 'closed' } })
      .catch((e: { httpStatus: number }) => e.httpStatus);
    expect(gone).toBe(410);
  });

  it('a payload its schema refuses is answered 400 before the handler runs', async () => {
    const before = received.length;
    const senders = new client.FeaturesSenders({ maxRetries: 0 });
    const status = await senders
      .subscribeOnEventCallback(`${receiver.baseUrl}/events`, { body: { topic: 'notes' } })
      .then(
        () => 200,
        (e: { httpStatus: number }) => e.httpStatus,
      );
    expect(status).toBe(400);
    expect(received.length).toBe(before);
  });
});

describe('a webhook', () => {
  it('is served at the path the receiver gives it, its header and payload validated', async () => {
    const senders = new client.FeaturesSenders({ maxRetries: 0 });
    const note = { id: 'n1', text: 'hello' };
    await senders.noteCreatedWebhook(`${receiver.baseUrl}/hooks/notes`, { xSignature: 'sig', body: note });
    expect(received.at(-1)).toEqual({ id: 'noteCreated', body: note, headers: { signature: 'sig' } });
    const unsigned = await fetch(`${receiver.baseUrl}/hooks/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(note),
    });
    const tooLong = await senders
      .noteCreatedWebhook(`${receiver.baseUrl}/hooks/notes`, {
        xSignature: 's',
        body: { id: 'n2', text: 'x'.repeat(101) },
      })
      .then(
        () => 200,
        (e: { httpStatus: number }) => e.httpStatus,
      );
    expect([unsigned.status, tooLong]).toEqual([400, 400]);
  });

  it('a receiver without a handler for a request does not serve it', async () => {
    const partial = await listenLocal(
      pkg.createFeaturesReceiver({ subscribeOnEventCallback: async () => ({}) }, { logger: false }),
    );
    try {
      const answer = await fetch(`${partial.baseUrl}/noteCreated`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(404);
    } finally {
      await partial.close();
    }
  });

  it('handlers and senders are typed by the spec', () => {
    const probe = path.join(dir, 'probe.ts');
    fs.writeFileSync(
      probe,
      [
        `import { createFeaturesReceiver } from './server.js';`,
        `import { FeaturesSenders } from './client.js';`,
        `createFeaturesReceiver({ noteCreatedWebhook: async (input) => { const text: string = input.body.text; const sig: string = input.headers['x-signature']; void text; void sig; return {}; } });`,
        `// @ts-expect-error the webhook answers 200 only`,
        `createFeaturesReceiver({ noteCreatedWebhook: async () => ({ status: 201 }) });`,
        `const senders = new FeaturesSenders();`,
        `void senders.noteCreatedWebhook('http://x', { xSignature: 's', body: { id: 'a', text: 'b' } });`,
        `// @ts-expect-error the payload's schema requires text`,
        `void senders.noteCreatedWebhook('http://x', { xSignature: 's', body: { id: 'a' } });`,
        '',
      ].join('\n'),
    );
    expect(compileProblems([probe])).toEqual([]);
  }, 120_000);
});
