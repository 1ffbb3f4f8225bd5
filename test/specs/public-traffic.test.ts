// Issue 35: traffic written the way the public services' own clients, cookbook and samples write it, replayed
// through the spec's validators (the generated server answering the spec's examples) and through the reference.
// Each exchange says what each must answer: what the public service accepts is accepted, or the refusal names the
// document's sentence or the leniency the spec leaves to the reference (docs/spec-conventions.md, Leniency). The
// reference's answers to accepted requests must themselves be valid against the spec.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExchange } from '../../contracts/harness/conformance.js';
import type { ServiceKey } from '../../contracts/harness/services.js';
import type { RunningServer } from '../../contracts/targets/listen-local.js';
import { serveAll, type ServedReference } from '../support/served-reference.js';
import { replay, specServer, type TrafficExchange, verdictOf } from '../support/traffic-replay.js';
import { AD_CREATIVE_TRAFFIC } from './traffic/ad-creative.js';
import { ANALYTICS_TRAFFIC } from './traffic/analytics.js';
import { GENERATIVE_TRAFFIC } from './traffic/generative.js';

const TRAFFIC: Record<ServiceKey, TrafficExchange[]> = {
  'ad-creative': AD_CREATIVE_TRAFFIC,
  analytics: ANALYTICS_TRAFFIC,
  generative: GENERATIVE_TRAFFIC,
};
const SERVICES = Object.keys(TRAFFIC) as ServiceKey[];

let reference: ServedReference;
const specs = {} as Record<ServiceKey, RunningServer>;

beforeAll(async () => {
  reference = await serveAll('public-traffic-');
  for (const service of SERVICES) specs[service] = await specServer(service);
}, 60_000);

afterAll(async () => {
  await reference?.stop();
  for (const service of SERVICES) await specs[service]?.close();
});

const cases = SERVICES.flatMap((service) => TRAFFIC[service].map((exchange) => [service, exchange] as const));

describe.each(cases)('%s: %o', (service, exchange) => {
  it(`the spec's validators ${exchange.spec} it`, { timeout: 30_000 }, async () => {
    const answer = await replay(service, specs[service].baseUrl, exchange);
    expect(verdictOf(answer), `${answer.status} ${answer.text.slice(0, 300)}`).toBe(exchange.spec);
  });

  it(`the reference ${exchange.reference}s it, with an answer the spec allows`, { timeout: 30_000 }, async () => {
    const url = reference.urls[service]!;
    const answer = await replay(service, url, exchange);
    expect(verdictOf(answer), `${answer.status} ${answer.text.slice(0, 300)}`).toBe(exchange.reference);
    const violations = checkExchange(service, {
      method: exchange.method,
      url: `${url}${exchange.path}`,
      status: answer.status,
      responseContentType: answer.contentType,
      responseBody: answer.text,
    });
    expect(violations).toEqual([]);
  });
});

describe('what the reference keeps of lenient requests', () => {
  it('a creative made with null members reads back without them, as the public service answers', async () => {
    const withNulls = AD_CREATIVE_TRAFFIC.find((e) => e.kind.startsWith('JSON null'))!;
    const created = await replay('ad-creative', reference.urls['ad-creative']!, withNulls);
    const { id } = JSON.parse(created.text) as { id: string };
    const read = await replay('ad-creative', reference.urls['ad-creative']!, {
      kind: 'read back',
      name: 'read back',
      method: 'GET',
      path: `/v20.0/${id}`,
      query: { fields: 'object_story_spec' },
      spec: 'accept',
      reference: 'accept',
    });
    expect(read.status).toBe(200);
    expect(read.text).not.toContain('null');
    expect(JSON.parse(read.text).object_story_spec.link_data.call_to_action.value).toEqual({
      link: 'https://shop.example/autumn',
    });
  });

  it('a quoted post id is stored as the post id itself', async () => {
    const quoted = AD_CREATIVE_TRAFFIC.find((e) => e.kind === 'a quoted object_story_id')!;
    const created = await replay('ad-creative', reference.urls['ad-creative']!, quoted);
    const { id } = JSON.parse(created.text) as { id: string };
    const read = await replay('ad-creative', reference.urls['ad-creative']!, {
      ...quoted,
      method: 'GET',
      path: `/v20.0/${id}`,
      form: undefined,
      query: { fields: 'effective_object_story_id' },
    });
    expect(JSON.parse(read.text).effective_object_story_id).toBe('1122334455_998877');
  });

  it('a features spec sent as a dict literal reads back as the object it spells', async () => {
    const literal = AD_CREATIVE_TRAFFIC.find((e) =>
      e.name.startsWith('standard enhancements enrolled through a dict'),
    )!;
    const created = await replay('ad-creative', reference.urls['ad-creative']!, literal);
    const { id } = JSON.parse(created.text) as { id: string };
    const read = await replay('ad-creative', reference.urls['ad-creative']!, {
      ...literal,
      method: 'GET',
      path: `/v20.0/${id}`,
      form: undefined,
      query: { fields: 'degrees_of_freedom_spec' },
    });
    expect(JSON.parse(read.text).degrees_of_freedom_spec).toEqual({
      creative_features_spec: { standard_enhancements: { enroll_status: 'OPT_IN' } },
    });
  });

  it("a page named by its username lists that page's posts", async () => {
    const named = AD_CREATIVE_TRAFFIC.find((e) => e.path === '/v20.0/acmeshop/promotable_posts')!;
    const answer = await replay('ad-creative', reference.urls['ad-creative']!, named);
    const ids = (JSON.parse(answer.text).data as Array<{ id: string }>).map((p) => p.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(id.startsWith('111222333444_')).toBe(true);
  });

  it('a metric named twice is answered once, where it was first named', async () => {
    const twice = ANALYTICS_TRAFFIC.find((e) => e.kind === 'a metric named twice')!;
    const answer = await replay('analytics', reference.urls.analytics!, twice);
    const names = (JSON.parse(answer.text).columnHeaders as Array<{ name: string }>).map((c) => c.name);
    expect(names).toEqual(['views', 'subscribersGained', 'subscribersLost', 'likes']);
  });

  it('enum numbers and lower-case names are read as the documented names', async () => {
    const answer = await replay('generative', reference.urls.generative!, {
      ...GENERATIVE_TRAFFIC.find((e) => e.kind === 'enum names in lower case')!,
    });
    // mode "any" read as ANY: the model calls the declared function.
    expect(JSON.parse(answer.text).candidates[0].content.parts[0].functionCall.name).toBe('lookup_weather');
  });
});
