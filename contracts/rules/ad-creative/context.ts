// What the ad creative rule families (./<family>.rules.ts) share. Their tests go through the generated
// AdCreativeClient. Each rule test asserts
// the rule's whole claim and, for a refusal, that the nearest valid request is accepted. What a test creates
// it deletes again (t.defer). Optional fixtures come through t.fixture(key): without them the test is not
// applicable, naming the key. Expectations only this project's conventions back go through t.convention.
import { expect } from 'vitest';
import { ApiError, GraphApiError } from '../../../generated/ad-creative/client.js';
import { expectGraphError, unique } from '../../harness/expect-error.js';
import type { RuleContext } from '../../harness/rule-test.js';

export type Body = Record<string, any>;
/** The spec's example creative: what a stateless target (Prism, the stubs) answers for. */
export const EXAMPLE_ID = '120330000008134415';
export function ctx(t: RuleContext) {
  const f = t.session.fixtures['ad-creative'];
  return { f, client: t.clients.adCreative(), version: f.apiVersion, account: f.adAccountId };
}
/** A link creative on the fixture page whose content is unique to this call. */
export function linkCreative(pageId: string, extra: Body = {}): Body {
  const tag = unique('c');
  return {
    name: `Contract ${tag}`,
    object_story_spec: {
      page_id: pageId,
      link_data: {
        link: `https://shop.example/${tag}`,
        message: 'Spring sale',
        call_to_action: { type: 'SHOP_NOW', value: { link: `https://shop.example/${tag}` } },
      },
    },
    ...extra,
  };
}
/** A link ad (object_url and title, no page) whose title or body is the given text. */
export function linkAd(text: { title?: string; body?: string } = {}): Body {
  return {
    name: unique('text'),
    object_url: `https://shop.example/${unique('p')}`,
    title: 'Fresh deals',
    body: 'Good prices every day',
    ...text,
  };
}
/**
 * A request the service accepts. A mock (Prism) that refuses it in its own error shape (it does not read a
 * form field as a credential) cannot show the rule: a mock limitation, never a pass.
 */
export async function accepted<T>(t: RuleContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (t.session.kind !== 'stateful' && error instanceof ApiError && !(error instanceof GraphApiError)) {
      t.mockLimitation(`the mock refused a valid request with HTTP ${error.httpStatus} in its own shape`);
    }
    throw error;
  }
}
/** Creates a creative (deleted again when the test ends) and answers its id. */
export async function created(t: RuleContext, body: Body, account = ctx(t).account): Promise<string> {
  const { client, version } = ctx(t);
  const answer = await accepted(t, () =>
    client.createAdCreative({ version, ad_account_id: account, body: body as never }),
  );
  expect(answer.id).toMatch(/^[0-9]+$/);
  if (!t.session.kind.startsWith('stateful')) return answer.id;
  t.defer(() => client.deleteAdCreative({ version, creative_id: answer.id }));
  // An accepted create is judged by a later read, not by its own answer: the creative exists, with its name.
  const stored = await read(t, answer.id, 'name');
  expect(stored.id, `the created creative ${answer.id} reads back`).toBe(answer.id);
  if (typeof body.name === 'string') expect(stored.name, 'the created creative reads back its name').toBe(body.name);
  return answer.id;
}
/** A creative to work on: a new one on a stateful target, the spec's example on a stateless one. */
export async function someCreative(t: RuleContext): Promise<string> {
  return t.session.kind === 'stateful' ? created(t, linkCreative(ctx(t).f.pageId)) : EXAMPLE_ID;
}
/** A create that must be refused with code 100 (HTTP 400: public-service notes 1.6). */
export function rejectsCreate(t: RuleContext, body: Body) {
  const { client, version, account } = ctx(t);
  return expectGraphError(t, () => client.createAdCreative({ version, ad_account_id: account, body: body as never }), {
    code: 100,
    http: 400,
  });
}
export async function read(t: RuleContext, id: string, fields: string, version = ctx(t).version): Promise<Body> {
  return (await ctx(t).client.getAdCreative({ version, creative_id: id, fields })) as Body;
}
