// Answers of the public ad creative service, recorded as ../shared/reference/public-service-notes.md (1.3-1.6) and
// ../shared/reviews/ad-creative-spec.md describe them, played through the harness's answer check
// (contracts/harness/conformance.ts): a service that answers exactly like the public one must never be judged
// wrong. And the other side: requests the document forbids are still refused by the generated server, while the
// nearest valid request is accepted (the spec is open on answers only where the public service is).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExchange } from '../../contracts/harness/conformance.js';
import type { Exchange } from '../../contracts/harness/recorder.js';
import { exampleHandlers } from '../../contracts/targets/example-handlers.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { createAdCreativeServer } from '../../generated/ad-creative/server.js';
import { loadModel, type OpenApiDocument, operationsOf, type ServiceModel } from '../../generator/model/index.js';

const HOST = 'https://graph.platform.example';
const CREATIVE = '120330000008134415';

/** A recorded answer: the request line and the public service's status and JSON body. */
function recorded(method: string, path: string, status: number, body: unknown): Exchange {
  return {
    method,
    url: `${HOST}${path}`,
    status,
    responseContentType: 'application/json; charset=UTF-8',
    responseBody: JSON.stringify(body),
  };
}

const error = (code: number, message: string, extra: Record<string, unknown> = {}) => ({
  error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: 'AWn5kq3Lx0Yb' },
});

const THROTTLED = error(
  80004,
  '(#80004) There have been too many calls to this ad-account. Wait a bit and try again.',
  { error_subcode: 2446079 },
);
const NO_TOKEN = error(104, 'An access token is required to request this resource.');

// Each: what the review or the notes say the public service answers, and where it says so.
const PUBLIC_ANSWERS: Array<[string, Exchange]> = [
  [
    '80004 answered with HTTP 400 on a read (notes 1.6; review W-1)',
    recorded('GET', `/v20.0/${CREATIVE}?fields=name`, 400, THROTTLED),
  ],
  [
    '80004 answered with HTTP 400 on a list (notes 1.6)',
    recorded('GET', '/v20.0/act_1234567890/adcreatives', 400, THROTTLED),
  ],
  ['80004 answered with HTTP 400 on an update (notes 1.6)', recorded('POST', `/v20.0/${CREATIVE}`, 400, THROTTLED)],
  ['80004 answered with HTTP 400 on a delete (notes 1.6)', recorded('DELETE', `/v20.0/${CREATIVE}`, 400, THROTTLED)],
  [
    '80004 answered with HTTP 400 on a create (notes 1.6)',
    recorded('POST', '/v20.0/act_1234567890/adcreatives', 400, THROTTLED),
  ],
  [
    'a request without a token: 400 with code 104 (notes 1.6; review W-4)',
    recorded('GET', `/v20.0/${CREATIVE}`, 400, NO_TOKEN),
  ],
  [
    'a write without a token: 400 with code 104 (notes 1.6)',
    recorded('POST', '/v20.0/act_1234567890/adcreatives', 400, NO_TOKEN),
  ],
  [
    'an expired token: 190 with error_subcode 463 (notes 1.6, error-handling guide)',
    recorded(
      'GET',
      `/v20.0/${CREATIVE}`,
      400,
      error(190, 'Error validating access token: Session has expired.', { error_subcode: 463 }),
    ),
  ],
  [
    'a read error the document does not list: code 613 (notes 1.6: read errors 2635, 613; review W-2)',
    recorded('GET', `/v20.0/${CREATIVE}`, 400, error(613, 'Calls to this api have exceeded the rate limit.')),
  ],
  [
    'a read error the document does not list: code 2635 (notes 1.6)',
    recorded('GET', `/v20.0/${CREATIVE}`, 400, error(2635, 'You are calling a deprecated version of the Ads API.')),
  ],
  [
    'code 10 on a create (review 1.9)',
    recorded(
      'POST',
      '/v20.0/act_1234567890/adcreatives',
      400,
      error(10, '(#10) Application does not have permission for this action'),
    ),
  ],
  [
    'an error with error_data, error_user_title, error_user_msg and is_transient (notes 1.6)',
    recorded(
      'POST',
      '/v20.0/act_1234567890/adcreatives',
      400,
      error(100, 'Invalid parameter', {
        error_subcode: 1487390,
        is_transient: false,
        error_user_title: 'Ad creative invalid',
        error_user_msg: 'The link is missing.',
        error_data: '{"blame_field_specs":[["object_story_spec"]]}',
      }),
    ),
  ],
  [
    'a call_to_action_type the document does not list: VIEW_CHANNEL (notes 1.0 and 1.3; review W-17)',
    recorded('GET', `/v20.0/${CREATIVE}?fields=call_to_action_type`, 200, {
      id: CREATIVE,
      call_to_action_type: 'VIEW_CHANNEL',
    }),
  ],
  [
    'a later call_to_action type inside object_story_spec (notes 1.3: SHOP_WITH_AI in v24)',
    recorded('GET', `/v20.0/${CREATIVE}?fields=object_story_spec`, 200, {
      id: CREATIVE,
      object_story_spec: {
        page_id: '1122334455',
        link_data: {
          link: 'https://shop.example/',
          call_to_action: { type: 'SHOP_WITH_AI', value: { link: 'https://shop.example/' } },
        },
      },
    }),
  ],
  [
    'answer enums with values added upstream later (status, object_type, format_option, authorization_category)',
    recorded('GET', `/v20.0/${CREATIVE}`, 200, {
      id: CREATIVE,
      status: 'PENDING_REVIEW',
      object_type: 'REEL',
      authorization_category: 'SOCIAL_ISSUE',
      object_story_spec: { page_id: '1', link_data: { format_option: 'carousel_video_multi_items' } },
    }),
  ],
  [
    'a read with only the id: every other member is optional (notes 1.6, field expansion)',
    recorded('GET', `/v20.0/${CREATIVE}?fields=id`, 200, { id: CREATIVE }),
  ],
  [
    'a nested selection three levels deep, call to action without value (review W-7, W-8)',
    recorded(
      'GET',
      `/v20.0/${CREATIVE}?fields=${encodeURIComponent('id, object_story_spec{link_data{call_to_action{type}}}')}`,
      200,
      { id: CREATIVE, object_story_spec: { link_data: { call_to_action: { type: 'SHOP_NOW' } } } },
    ),
  ],
  [
    'effective_object_story_id empty while the page is unpublished (document, Resources; review W-3)',
    recorded('GET', `/v20.0/${CREATIVE}?fields=effective_object_story_id`, 200, {
      id: CREATIVE,
      effective_object_story_id: '',
    }),
  ],
  [
    'an empty list without paging (review W-16)',
    recorded('GET', '/v20.0/act_1234567890/adcreatives', 200, { data: [] }),
  ],
  [
    'the last page: cursors, no next (notes 1.6)',
    recorded('GET', '/v20.0/act_1234567890/adcreatives?after=QVFIUk2', 200, {
      data: [{ id: CREATIVE }],
      paging: {
        cursors: { before: 'QVFIUk2', after: 'QVFIUk3' },
        previous: `${HOST}/v20.0/act_1234567890/adcreatives?before=QVFIUk2`,
      },
    }),
  ],
  [
    'a carousel of more than ten cards and image crops with other keys and fractional points (review I-3, W-18)',
    recorded('GET', `/v20.0/${CREATIVE}?fields=object_story_spec,image_crops`, 200, {
      id: CREATIVE,
      image_crops: {
        '1x1': [
          [0.5, 0],
          [100, 100.5],
        ],
      },
      object_story_spec: {
        page_id: '1',
        link_data: {
          child_attachments: Array.from({ length: 12 }, (_, i) => ({
            name: `Card ${i}`,
            link: 'https://shop.example/',
          })),
        },
      },
    }),
  ],
  [
    'asset_feed_spec items with members the notes do not list (review I-13)',
    recorded('GET', `/v20.0/${CREATIVE}?fields=asset_feed_spec`, 200, {
      id: CREATIVE,
      asset_feed_spec: {
        bodies: [{ text: 'Hi', url_tags: 'a=1' }],
        images: [{ hash: 'abc', scaling_factor: 2 }],
        call_to_action_types: ['VIEW_CHANNEL'],
      },
    }),
  ],
  ['an update answered {"success": true} (notes 1.1)', recorded('POST', `/v20.0/${CREATIVE}`, 200, { success: true })],
  [
    'an update with fields answered with the written node (read-after-write; review M-1, W-5)',
    recorded('POST', `/v20.0/${CREATIVE}?fields=name,status`, 200, { id: CREATIVE, name: 'Renamed', status: 'ACTIVE' }),
  ],
  [
    'a create answered {"id"} (notes 1.2)',
    recorded('POST', '/v20.0/act_1234567890/adcreatives', 200, { id: CREATIVE }),
  ],
];

describe('recorded public answers pass the harness answer check', () => {
  it.each(PUBLIC_ANSWERS)('%s', (_, exchange) => {
    expect(checkExchange('ad-creative', exchange)).toEqual([]);
  });

  // The check is not vacuous: answers the public service never gives are still refused.
  it.each<[string, Exchange]>([
    ['an undocumented status (429)', recorded('GET', `/v20.0/${CREATIVE}`, 429, THROTTLED)],
    [
      'an error code that is not an integer',
      recorded('GET', `/v20.0/${CREATIVE}`, 400, error('80004' as unknown as number, 'x')),
    ],
    [
      'an error without a type',
      recorded('GET', `/v20.0/${CREATIVE}`, 400, { error: { message: 'x', code: 100, fbtrace_id: 'AWn5kq3Lx0Yb' } }),
    ],
    ['a status that is not a string', recorded('GET', `/v20.0/${CREATIVE}`, 200, { id: CREATIVE, status: 3 })],
    [
      'an effective_object_story_id of another form',
      recorded('GET', `/v20.0/${CREATIVE}`, 200, { id: CREATIVE, effective_object_story_id: 'post-1' }),
    ],
    ['a list without data', recorded('GET', '/v20.0/act_1234567890/adcreatives', 200, { paging: {} })],
    ['an update answer that is not an object', recorded('POST', `/v20.0/${CREATIVE}`, 200, true)],
  ])('refuses %s', (_, exchange) => {
    expect(checkExchange('ad-creative', exchange)).toEqual([expect.any(String)]);
  });
});

describe('the spec documents the public statuses and says where each expectation comes from', () => {
  let doc: OpenApiDocument;
  let model: ServiceModel;
  beforeAll(async () => {
    model = await loadModel('ad-creative');
    doc = model.document;
  });

  it('documents 80004 and 104 as HTTP 400 on every operation, and no 429 answer', () => {
    for (const { operation } of operationsOf(model)) {
      const errors: any[] = operation['x-errors'];
      for (const code of [80004, 104, 190]) {
        expect(errors.find((e) => e.code === code)?.http, `${operation.operationId} ${code}`).toBe(400);
      }
      expect(Object.keys(operation.responses ?? {}), operation.operationId).not.toContain('429');
    }
  });

  it('gives every rule, every x-errors entry and every rule violation its evidence', () => {
    const kinds = new Set(['document', 'public', 'convention']);
    const wellFormed = (list: any, where: string) => {
      expect(Array.isArray(list) && list.length > 0, `${where}: evidence`).toBe(true);
      for (const e of list) {
        expect(kinds.has(e.kind), `${where}: kind ${e.kind}`).toBe(true);
        expect(typeof e.ref === 'string' && e.ref.length > 10, `${where}: ref`).toBe(true);
        if (e.kind === 'document') expect(e.ref, where).toMatch(/ad-creative-service\.md/);
      }
    };
    const rules: any[] = [...doc['x-rules']];
    for (const { operation } of operationsOf(model)) {
      rules.push(...(operation['x-rules'] ?? []));
      for (const e of operation['x-errors']) wellFormed(e.evidence, `${operation.operationId} x-errors ${e.code}`);
    }
    for (const rule of rules) {
      wellFormed(rule.evidence, rule.id);
      if (rule.violation) wellFormed(rule.violationEvidence, `${rule.id} violation`);
    }
  });

  it('keeps answer enums open and request enums closed', () => {
    const schemas = doc.components.schemas;
    expect(schemas.AdCreative.properties.call_to_action_type.$ref).toBe('#/components/schemas/CallToActionTypeOpen');
    expect(schemas.CallToActionTypeOpen['x-open-enum']).toBe(true);
    expect(schemas.AdCreativeCreate.properties.call_to_action_type.$ref).toBe('#/components/schemas/CallToActionType');
    expect(schemas.CallToActionType.enum).toHaveLength(84);
    expect(schemas.AdCreativeErrorDetail.properties.code.enum).toBeUndefined();
  });
});

describe('requests the document forbids are refused by the generated server; the nearest valid one is accepted', () => {
  let server: RunningServer;
  const handled: string[] = [];
  beforeAll(async () => {
    const handlers = exampleHandlers('ad-creative');
    const counting = new Proxy(handlers, {
      get:
        (target, id: string) =>
        async (...args: unknown[]) => {
          handled.push(id);
          return (target as any)[id](...args);
        },
    });
    server = await listenLocal(createAdCreativeServer(counting as never));
  });
  afterAll(() => server?.close());

  async function send(
    method: string,
    path: string,
    options: { query?: Record<string, string>; form?: Record<string, string>; json?: unknown; token?: boolean } = {},
  ) {
    const url = new URL(`${server.baseUrl}/v20.0${path}`);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    if (options.token !== false && !options.form && method !== 'POST')
      url.searchParams.set('access_token', 'EAAB-token');
    let body: string | undefined;
    const headers: Record<string, string> = {};
    if (options.form) {
      body = new URLSearchParams({
        ...(options.token !== false ? { access_token: 'EAAB-token' } : {}),
        ...options.form,
      }).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (options.json !== undefined) {
      // The public business SDK's way: a JSON body, the token in the query string.
      if (options.token !== false) url.searchParams.set('access_token', 'EAAB-token');
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    return { status: response.status, code: (JSON.parse(text) as any)?.error?.code as number | undefined, text };
  }

  const spec = (linkData: Record<string, unknown>) =>
    JSON.stringify({
      page_id: '1122334455',
      link_data: { link: 'https://shop.example/', message: 'Spring sale', ...linkData },
    });

  it('fields: nested, spaced and aliased selections are accepted; an unparsable one is 2500', async () => {
    for (const fields of [
      'id, name',
      'object_story_spec{link_data{call_to_action{type,value}}}',
      'name.as(title),status',
      'object_story_spec{}',
    ]) {
      expect((await send('GET', `/${CREATIVE}`, { query: { fields } })).status, fields).toBe(200);
    }
    for (const fields of ['name{{', 'id,,name', 'object_story_spec{page_id', '!!not~valid!!']) {
      const answer = await send('GET', `/${CREATIVE}`, { query: { fields } });
      expect([answer.status, answer.code], fields).toEqual([400, 2500]);
    }
  });

  it('thumbnail sizes are unsigned: 0 accepted, -1 refused with 100', async () => {
    expect((await send('GET', `/${CREATIVE}`, { query: { thumbnail_width: '0', thumbnail_height: '0' } })).status).toBe(
      200,
    );
    const answer = await send('GET', `/${CREATIVE}`, { query: { thumbnail_width: '-1' } });
    expect([answer.status, answer.code]).toEqual([400, 100]);
  });

  it('page sizes have no invented bound: limit 5001 and 101 are accepted, a non-integer is 100', async () => {
    expect((await send('GET', '/act_1234567890/adcreatives', { query: { limit: '5001' } })).status).toBe(200);
    expect((await send('GET', '/1122334455/promotable_posts', { query: { limit: '101' } })).status).toBe(200);
    const answer = await send('GET', '/act_1234567890/adcreatives', { query: { limit: 'many' } });
    expect([answer.status, answer.code]).toEqual([400, 100]);
  });

  it('call_to_action: the type alone is accepted; a type outside the document list is 100', async () => {
    expect(
      (
        await send('POST', '/act_1234567890/adcreatives', {
          form: { object_story_spec: spec({ call_to_action: { type: 'SHOP_NOW' } }) },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send('POST', '/act_1234567890/adcreatives', {
          form: {
            object_story_spec: spec({ call_to_action: { type: 'LEARN_MORE', value: { lead_gen_form_id: '42' } } }),
          },
        })
      ).status,
    ).toBe(200);
    const answer = await send('POST', '/act_1234567890/adcreatives', {
      form: { object_story_spec: spec({ call_to_action: { type: 'VIEW_CHANNEL' } }) },
    });
    expect([answer.status, answer.code]).toEqual([400, 100]);
  });

  it('child_attachments has no invented maximum: twelve cards are accepted', async () => {
    const cards = Array.from({ length: 12 }, (_, i) => ({ name: `Card ${i}`, link: 'https://shop.example/' }));
    expect(
      (
        await send('POST', '/act_1234567890/adcreatives', {
          form: { object_story_spec: spec({ child_attachments: cards }) },
        })
      ).status,
    ).toBe(200);
  });

  it('a link ad needs object_url and title; a second content source is 100', async () => {
    expect(
      (
        await send('POST', '/act_1234567890/adcreatives', {
          form: { object_url: 'https://shop.example/', title: 'Spring sale' },
        })
      ).status,
    ).toBe(200);
    for (const form of [
      { object_url: 'https://shop.example/' },
      { object_url: 'https://shop.example/', title: 'Spring sale', object_story_spec: spec({}) },
    ] as Record<string, string>[]) {
      const answer = await send('POST', '/act_1234567890/adcreatives', { form });
      expect([answer.status, answer.code], JSON.stringify(form)).toEqual([400, 100]);
    }
  });

  it('a create as the public business SDK sends it (JSON body, token in the query) is accepted', async () => {
    const answer = await send('POST', '/act_1234567890/adcreatives', {
      json: { name: 'Spring', object_story_spec: JSON.parse(spec({ call_to_action: { type: 'SHOP_NOW' } })) },
    });
    expect(answer.status, answer.text).toBe(200);
  });

  it('an update accepts account_id, adlabels, name and status only; another field is 100', async () => {
    expect(
      (
        await send('POST', `/${CREATIVE}`, {
          form: { name: 'Renamed', status: 'ACTIVE' },
          query: { fields: 'id,name' },
        })
      ).status,
    ).toBe(200);
    for (const form of [{ title: 'Spring sale' }, { object_url: 'https://shop.example/' }] as Record<
      string,
      string
    >[]) {
      const answer = await send('POST', `/${CREATIVE}`, { form });
      expect([answer.status, answer.code], JSON.stringify(form)).toEqual([400, 100]);
    }
  });

  it('writes need a credential: without any, the handler never runs and the answer is a documented 400', async () => {
    handled.length = 0;
    for (const path of ['/act_1234567890/adcreatives', `/${CREATIVE}`]) {
      const answer = await send('POST', path, {
        form: { name: 'Spring', object_url: 'https://shop.example/', title: 'Spring sale' },
        token: false,
      });
      expect(answer.status, answer.text).toBe(400);
      expect([104, 190], answer.text).toContain(answer.code);
    }
    expect(handled).toEqual([]);
    expect((await send('POST', `/${CREATIVE}`, { form: { name: 'Spring' } })).status).toBe(200);
    expect(handled).toEqual(['updateAdCreative']);
  });
});
