// XML webhooks a provider sends to one URL: the receiver tells them apart by the body each webhook's schema reads
// (its root element and members, read as xml-body.ts reads an operation's), hands the chosen one the text and its
// value, and refuses a body no webhook reads.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const hook = (component: string) => ({
  post: {
    requestBody: {
      required: true,
      content: { 'application/xml': { schema: { $ref: `#/components/schemas/${component}` } } },
    },
    responses: { '204': { description: 'Taken.' } },
  },
});

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'XML hooks', version: '1' },
  paths: {},
  webhooks: { invoicePaid: hook('Invoice'), orderShipped: hook('Order') },
  components: {
    schemas: {
      // The same members under two root elements: only the root tells them apart.
      Invoice: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
      Order: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
    },
  },
};

let pkg: InlinePackage;
let running: RunningServer;
const received: Array<[string, unknown, unknown]> = [];

beforeAll(async () => {
  pkg = await inlinePackage('xml-hooks', DOCUMENT);
  const handlers: Record<string, unknown> = {};
  for (const { operationId } of pkg.server.xmlHooksReceiverRoutes as Array<{ operationId: string }>)
    handlers[operationId] = async (input: { body: unknown; bodyValue?: unknown }) => {
      received.push([operationId, input.body, input.bodyValue]);
      return { status: 204 };
    };
  running = await listenLocal(pkg.server.createXmlHooksReceiver(handlers, { logger: false, path: '/hooks' }));
}, 120_000);

afterAll(async () => {
  await running?.close();
  pkg?.remove();
});

const post = (body: string) =>
  fetch(`${running.baseUrl}/hooks`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body });

it('tells XML webhooks at one path apart by the body their schema reads', async () => {
  expect((await post('<Order><id>2</id></Order>')).status).toBe(204);
  expect((await post('<Invoice><id>1</id></Invoice>')).status).toBe(204);
  expect(received.map(([id, , value]) => [id.replace(/Webhook$/, ''), value])).toEqual([
    ['orderShipped', { id: 2 }],
    ['invoicePaid', { id: 1 }],
  ]);
  expect(received[0]![1]).toBe('<Order><id>2</id></Order>');
});

it('refuses a body no webhook reads', async () => {
  for (const body of ['<Refund><id>1</id></Refund>', '<Order><id>two</id></Order>', '<Order>']) {
    const answer = await post(body);
    expect(answer.status, body).toBe(400);
  }
});
