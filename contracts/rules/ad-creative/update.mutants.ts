// Ad creative: the mutants of the ADC-UPDATE-* rules (./update.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { operationOf, rewriteAnswer } from '../../mutants/wire.js';
import { creates, editParams, editUpdates, seam, store, updates, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-UPDATE-1',
    'update-answers-id',
    'an update answers {id} instead of {success: true}',
    rewriteAnswer((a) => {
      if (
        operationOf(a.method, a.url) === 'updateAdCreative' &&
        a.status === 200 &&
        a.json.success === true &&
        !a.url.searchParams.get('fields')
      )
        return { json: { id: a.url.pathname.split('/').pop() } };
    }),
  ),
  wire(
    'ADC-UPDATE-1',
    'adlabels-refused',
    'adlabels of an update are encoded twice, so every update carrying them is refused',
    editUpdates((params) => {
      if (params.adlabels !== undefined) params.adlabels = JSON.stringify(JSON.stringify(params.adlabels));
    }),
  ),
  wire(
    'ADC-UPDATE-2',
    'write-fields-ignored',
    'a write with fields answers only success / the id',
    editParams(
      (r) => {
        if (!creates(r) && !updates(r)) return false;
        r.url.searchParams.delete('fields');
        return true;
      },
      (params) => {
        delete params.fields;
      },
    ),
  ),
  seam(
    'ADC-UPDATE-2',
    'name-not-stored',
    'an update answers success but keeps the old name',
    store({ updateCreative: (inner, id, changes) => inner(id, { ...changes, name: undefined }) }),
  ),
  wire(
    'ADC-UPDATE-3',
    'other-fields-dropped',
    'an update silently drops fields other than account_id, adlabels, name and status',
    editUpdates((params) => {
      for (const key of Object.keys(params))
        if (!['account_id', 'adlabels', 'name', 'status', 'access_token'].includes(key)) delete params[key];
    }),
  ),
];
