// Ad creative mutants of two kinds, planted on the wire: "answers yes, stores nothing" (a write answered in
// the service's place with the answer a success gives, the service never seeing it), and boundaries (a value
// exactly at a documented limit refused). Each must be caught under its own rule: a write is judged by a later
// read, a range at both of its ends.
import { randomUUID } from 'node:crypto';
import type { Mutant } from './mutant.js';
import { answerInstead, formOf, type WireRequest, type Wrap } from './wire.js';

type Rule = Mutant['rule'];
const wire = (id: string, description: string, wrap: Wrap): Mutant => ({
  id,
  rule: id.split('/')[0] as Rule,
  description,
  wrap,
});

const NODE = /^\/v\d+\.0\/(\d+)$/;
const CREATE = /^\/v\d+\.0\/act_\d+\/adcreatives$/;

const isUpdate = (r: WireRequest) =>
  r.method === 'POST' && NODE.test(r.url.pathname) && !r.url.searchParams.has('fields');
const invalidParameter = (message: string) => ({
  status: 400,
  json: { error: { message: `(#100) ${message}`, type: 'OAuthException', code: 100, fbtrace_id: randomUUID() } },
});

export const MUTANTS: Mutant[] = [
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
];
