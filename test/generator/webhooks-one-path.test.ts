// Webhooks a provider sends to one URL: `create<Service>Receiver(handlers, { path })` serves every webhook given at
// that path, each request told apart by a declared header whose value names its webhook (const or single enum), else
// by the one webhook whose body schema accepts it (several: `choose`, else the 400 naming them). The chosen webhook's
// own parameters and body are validated. Sent through the generated senders; Train Travel's webhook from the corpus.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal } from '../../contracts/targets/listen-local.js';
import { specPackage } from '../support/inline-package.js';
import { TRAIN_TRAVEL } from './corpus.js';

const SPEC = `openapi: 3.1.0
info: { title: Hooks, version: '1' }
paths: {}
webhooks:
  petCreated:
    post:
      parameters:
        - { name: X-Event, in: header, required: true, schema: { const: pet.created } }
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
      responses: { '204': { description: Taken. } }
  petDeleted:
    post:
      parameters:
        - { name: X-Event, in: header, required: true, schema: { type: string, enum: [pet.deleted] } }
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
      responses: { '204': { description: Taken. } }
  petUpdated:
    post:
      parameters:
        - { name: X-Event, in: header, required: true, schema: { $ref: '#/components/schemas/PetUpdatedEvent' } }
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
      responses: { '204': { description: Taken. } }
  invoicePaid:
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema: { type: object, required: [invoice], properties: { invoice: { type: string } } }
      responses: { '204': { description: Taken. } }
  orderShipped:
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema: { type: object, required: [order], properties: { order: { type: string } } }
      responses: { '204': { description: Taken. } }
components:
  schemas:
    PetUpdatedEvent: { $ref: '#/components/schemas/PetUpdatedName' }
    PetUpdatedName: { type: string, const: pet.updated }
    Pet:
      type: object
      required: [id]
      properties: { id: { type: integer } }
`;

let dir: string;
// biome-ignore lint/suspicious/noExplicitAny: the packages are generated at run time
const pkg: Record<string, { client: any; server: any }> = {};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhooks-one-path-'));
  fs.writeFileSync(path.join(dir, 'hooks.yaml'), SPEC);
  const specs = {
    hooks: path.join(dir, 'hooks.yaml'),
    train: TRAIN_TRAVEL,
  };
  for (const [key, spec] of Object.entries(specs)) {
    pkg[key] = await specPackage(key, spec, dir);
  }
}, 240_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function hooksReceiver(received: string[], options: Record<string, unknown> = {}) {
  // A handler per webhook, by the names the package gives them (petCreatedWebhook, ...).
  const handlers: Record<string, unknown> = {};
  for (const { operationId } of pkg.hooks!.server.hooksReceiverRoutes as Array<{ operationId: string }>)
    handlers[operationId] = async (input: { body: unknown }) => {
      received.push(`${operationId.replace(/Webhook$/, '')} ${JSON.stringify(input.body)}`);
      return { status: 204 };
    };
  return listenLocal(pkg.hooks!.server.createHooksReceiver(handlers, { logger: false, path: '/hooks', ...options }));
}

describe('several webhooks at one path', () => {
  it('the generated package holds the header keys of its webhooks', () => {
    const server = fs.readFileSync(path.join(dir, 'hooks', 'server.ts'), 'utf8');
    expect(server).toContain('const hooksWebhookKeys: Record<string, WebhookKey> =');
  });

  it('are told apart by their key header, else by the body their schema accepts, each through its sender', async () => {
    const received: string[] = [];
    const running = await hooksReceiver(received);
    try {
      const senders = new pkg.hooks!.client.HooksSenders({ maxRetries: 0 });
      const url = `${running.baseUrl}/hooks`;
      const names = Object.getOwnPropertyNames(Object.getPrototypeOf(senders)).filter((n) => n !== 'constructor');
      const send = (prefix: string, params: unknown) => senders[names.find((n) => n.startsWith(prefix))!](url, params);
      await send('petCreated', { xEvent: 'pet.created', body: { id: 1 } });
      await send('petDeleted', { xEvent: 'pet.deleted', body: { id: 1 } });
      // Its header's schema is a $ref (to a $ref): followed to its const.
      await send('petUpdated', { xEvent: 'pet.updated', body: { id: 1 } });
      await send('invoicePaid', { body: { invoice: 'i1' } });
      await send('orderShipped', { body: { order: 'o1' } });
      expect(received).toEqual([
        'petCreated {"id":1}',
        'petDeleted {"id":1}',
        'petUpdated {"id":1}',
        'invoicePaid {"invoice":"i1"}',
        'orderShipped {"order":"o1"}',
      ]);
    } finally {
      await running.close();
    }
  });

  it("the chosen webhook's own schema is applied; a body no schema takes, or several take, is a 400 naming them", async () => {
    const received: string[] = [];
    const running = await hooksReceiver(received);
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${running.baseUrl}/hooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    try {
      const badPet = await post({ id: 'one' }, { 'x-event': 'pet.created' });
      expect(badPet.status).toBe(400);
      expect((await badPet.json()).errors).toEqual([{ field: 'id', description: 'must be integer' }]);
      const unknown = await post({ other: true });
      expect(unknown.status).toBe(400);
      expect((await unknown.json()).detail).toContain('Unknown webhook');
      const both = await post({ invoice: 'i', order: 'o' });
      expect(both.status).toBe(400);
      expect((await both.json()).errors[0].description).toContain('invoicePaidWebhook, orderShippedWebhook');
      expect(received).toEqual([]);
    } finally {
      await running.close();
    }
    const chosen: string[] = [];
    const choosing = await hooksReceiver(chosen, {
      choose: (candidates: string[]) => candidates.find((c) => c.startsWith('order')),
    });
    try {
      const answer = await fetch(`${choosing.baseUrl}/hooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ invoice: 'i', order: 'o' }),
      });
      expect(answer.status).toBe(204);
      expect(chosen).toEqual(['orderShipped {"invoice":"i","order":"o"}']);
    } finally {
      await choosing.close();
    }
  });

  it("Train Travel's newBooking webhook (corpus) is received at the path given", async () => {
    const received: unknown[] = [];
    const running = await listenLocal(
      pkg.train!.server.createTrainReceiver(
        Object.fromEntries(
          (pkg.train!.server.trainReceiverRoutes as Array<{ operationId: string }>).map((r) => [
            r.operationId,
            async (input: { body: unknown }) => {
              received.push(input.body);
              return { status: 200 };
            },
          ]),
        ),
        { logger: false, path: '/integrations/train' },
      ),
    );
    try {
      const senders = new pkg.train!.client.TrainSenders({ maxRetries: 0 });
      const booking = { id: 'efdbb9d1-02c2-4bc3-afb7-6788d8782b1e', passenger_name: 'John Doe' };
      const name = Object.getOwnPropertyNames(Object.getPrototypeOf(senders)).find((n) => n !== 'constructor')!;
      await senders[name](`${running.baseUrl}/integrations/train`, { body: booking });
      expect(received).toEqual([booking]);
    } finally {
      await running.close();
    }
  });
});
