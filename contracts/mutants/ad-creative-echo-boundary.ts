// Ad creative mutants of two kinds, planted on the wire: "answers yes, stores nothing" (a write answered in
// the service's place with the answer a success gives, the service never seeing it), and boundaries (a value
// exactly at a documented limit refused). Each must be caught under its own rule: a write is judged by a later
// read, a range at both of its ends.
import { randomUUID } from 'node:crypto';
import { type Mutant, wireMutant as wire } from './mutant.js';
import {
  answerInstead,
  chain,
  formOf,
  perRequest,
  rewriteAnswer,
  rewriteRequest,
  type WireRequest,
  type Wrap,
} from './wire.js';

const NODE = /^\/v\d+\.0\/(\d+)$/;
const CREATE = /^\/v\d+\.0\/act_\d+\/adcreatives$/;

const isUpdate = (r: WireRequest) =>
  r.method === 'POST' && NODE.test(r.url.pathname) && !r.url.searchParams.has('fields');
const invalidParameter = (message: string) => ({
  status: 400,
  json: { error: { message: `(#100) ${message}`, type: 'OAuthException', code: 100, fbtrace_id: randomUUID() } },
});

/** A link ad's title or body (form fields of a create without a page). */
const adText = (r: WireRequest): string[] => {
  if (r.method !== 'POST' || !CREATE.test(r.url.pathname)) return [];
  const form = formOf(r);
  return [form?.get('title'), form?.get('body')].filter((v): v is string => typeof v === 'string');
};

const UPDATABLE = new Set(['account_id', 'adlabels', 'name', 'status', 'access_token', 'fields']);

/**
 * An update naming a field it may not change is refused, but only after the fields it may change were written:
 * the request goes on without the other fields, and its success is answered as the refusal.
 */
const refusedButWritten: Wrap = perRequest(() => {
  let refused: string | undefined;
  return chain(
    rewriteRequest((r) => {
      const form = formOf(r);
      if (!form || r.method !== 'POST' || !NODE.test(r.url.pathname)) return undefined;
      refused = [...form.keys()].find((k) => !UPDATABLE.has(k));
      if (!refused) return undefined;
      for (const key of [...form.keys()]) if (!UPDATABLE.has(key)) form.delete(key);
      return form.toString();
    }),
    rewriteAnswer((answer) =>
      refused && answer.status === 200
        ? invalidParameter(`Invalid parameter: ${refused} cannot be updated`)
        : undefined,
    ),
  );
});

/** A create (without fields) answered with a new id in the service's place, for the forms `when` picks. */
const createEcho = (id: string, description: string, when: (form: URLSearchParams) => boolean): Mutant =>
  wire(
    id,
    description,
    answerInstead((r) => {
      const form = formOf(r);
      return r.method === 'POST' &&
        CREATE.test(r.url.pathname) &&
        !r.url.searchParams.has('fields') &&
        form &&
        when(form)
        ? { status: 200, json: { id: `12${Date.now()}${Math.floor(Math.random() * 1e4)}` } }
        : undefined;
    }),
  );
const specHas = (form: URLSearchParams, text: string) => (form.get('object_story_spec') ?? '').includes(text);

export const MUTANTS: Mutant[] = [
  createEcho('ADC-CREATE-1/echo-id', 'a create from an existing post answers a new id and stores nothing', (f) =>
    f.has('object_story_id'),
  ),
  createEcho('ADC-CREATE-2/echo-id', 'a create with object_story_spec answers a new id and stores nothing', (f) =>
    f.has('object_story_spec'),
  ),
  createEcho('ADC-CREATE-3/echo-id', 'every create answers a new id and stores nothing', () => true),
  createEcho('ADC-CREATE-4/echo-id', 'a create with authorization_category answers a new id and stores nothing', (f) =>
    f.has('authorization_category'),
  ),
  createEcho('ADC-CREATE-5/echo-id', 'a create with a call to action answers a new id and stores nothing', (f) =>
    specHas(f, 'call_to_action'),
  ),
  createEcho('ADC-CREATE-6/echo-id', 'a partnership create answers a new id and stores nothing', (f) =>
    [...f.keys()].some((k) => k.endsWith('branded_content')),
  ),
  createEcho('ADC-CREATE-7/echo-id', 'a create with a sponsor page answers a new id and stores nothing', (f) =>
    specHas(f, 'branded_content_sponsor_page_id'),
  ),
  createEcho('ADC-LINK-1/echo-id', 'a link ad (object_url and title) answers a new id and stores nothing', (f) =>
    f.has('object_url'),
  ),
  createEcho('ADC-INLINE-1/echo-id', 'a create with object_story_spec answers a new id and makes no post', (f) =>
    f.has('object_story_spec'),
  ),
  wire(
    'ADC-UPDATE-1/echo-success',
    'an update answers success: true and stores nothing',
    answerInstead((r) => (isUpdate(r) ? { status: 200, json: { success: true } } : undefined)),
  ),
  wire(
    'ADC-STATUS-1/echo-success',
    'a status update answers success: true and stores nothing',
    answerInstead((r) =>
      isUpdate(r) && formOf(r)?.has('status') ? { status: 200, json: { success: true } } : undefined,
    ),
  ),
  wire(
    'ADC-DELETE-1/echo-success',
    'a delete answers success: true and deletes nothing',
    answerInstead((r) =>
      r.method === 'DELETE' && NODE.test(r.url.pathname) ? { status: 200, json: { success: true } } : undefined,
    ),
  ),
  wire(
    'ADC-CREATE-8/echo-id',
    'a create without fields answers a new id and stores nothing',
    answerInstead((r) =>
      r.method === 'POST' && CREATE.test(r.url.pathname) && !r.url.searchParams.has('fields')
        ? { status: 200, json: { id: `12${Date.now()}${Math.floor(Math.random() * 1e4)}` } }
        : undefined,
    ),
  ),
  wire(
    'ADC-NAME-1/create-limit-99',
    'a create with a name of exactly 100 characters is refused (the limit taken as 99)',
    answerInstead((r) =>
      r.method === 'POST' && CREATE.test(r.url.pathname) && formOf(r)?.get('name')?.length === 100
        ? invalidParameter('Invalid parameter: name must be at most 99 characters')
        : undefined,
    ),
  ),
  wire(
    'ADC-UPDATE-3/echo-success',
    'an update of the four updatable fields answers success: true and stores nothing',
    answerInstead((r) =>
      isUpdate(r) && formOf(r)?.has('account_id') && formOf(r)?.has('adlabels')
        ? { status: 200, json: { success: true } }
        : undefined,
    ),
  ),
  wire(
    'ADC-UPDATE-3/refused-but-written',
    'an update naming a field it may not change is refused with code 100, but its name and status are written',
    refusedButWritten,
  ),
  wire(
    'ADC-UPDATE-3/account-id-refused',
    'account_id, the edge of the updatable set, is refused as a field an update may not change',
    answerInstead((r) =>
      isUpdate(r) && formOf(r)?.has('account_id')
        ? invalidParameter('Invalid parameter: account_id cannot be updated')
        : undefined,
    ),
  ),
  wire(
    'ADC-UPDATE-2/echo-fields',
    'an update with fields answers the written values from the request and stores nothing',
    answerInstead((r) => {
      const id = r.url.pathname.match(NODE)?.[1];
      const form = formOf(r);
      const fields = r.url.searchParams.get('fields') ?? form?.get('fields');
      if (r.method !== 'POST' || !id || !form || !fields || !form.has('name')) return undefined;
      const node: Record<string, unknown> = { id };
      for (const field of fields.split(',')) if (form.has(field)) node[field] = form.get(field);
      return { status: 200, json: node };
    }),
  ),
  wire(
    'ADC-URL-1/limit-999',
    'a URL of exactly 1000 characters is refused (the limit taken as 999)',
    answerInstead((r) =>
      r.method === 'POST' && CREATE.test(r.url.pathname) && formOf(r)?.get('object_url')?.length === 1000
        ? invalidParameter('Invalid parameter: object_url must be at most 999 characters')
        : undefined,
    ),
  ),
  wire(
    'ADC-TEXT-1/one-character-refused',
    'a title of one character (the documented minimum) is refused',
    answerInstead((r) =>
      adText(r).some((text) => text.length === 1)
        ? invalidParameter('Invalid parameter: title is too short')
        : undefined,
    ),
  ),
  wire(
    'ADC-TEXT-4/thirty-character-word-refused',
    'a word of exactly 30 characters is refused (the longest word taken as 29)',
    answerInstead((r) =>
      adText(r).some((text) => text.split(/\s+/).some((word) => word.length === 30))
        ? invalidParameter('Invalid parameter: body has a word longer than 29 characters')
        : undefined,
    ),
  ),
  wire(
    'ADC-TEXT-5/three-letters-refused',
    'three one-character words (the documented most) are refused',
    answerInstead((r) =>
      adText(r).some((text) => text.split(/\s+/).filter((word) => word.length === 1).length === 3)
        ? invalidParameter('Invalid parameter: body has too many one-character words')
        : undefined,
    ),
  ),
];
