// Ad creative mutants first written as defects of an adversarial implementer, planted through a proxy in front
// of the served reference (test/contracts/unseen-defects.test.ts), kept here on the wire: a wrong subcode, a
// wrong code, codes as strings, a name silently cut on update.
import type { Mutant } from './mutant.js';
import { editForm, rewriteJsonAnswer, type Wrap } from './wire.js';

type Rule = Mutant['rule'];
const wire = (id: string, description: string, wrap: Wrap): Mutant => ({
  id,
  rule: id.split('/')[0] as Rule,
  description,
  wrap,
});

const NODE = /^\/v\d+\.0\/\d+$/;
const errors = (change: (error: Record<string, unknown>) => boolean | void): Wrap =>
  rewriteJsonAnswer(
    () => true,
    (body, status) => {
      if (status < 400 || !body?.error || change(body.error) === false) return false;
    },
  );

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-READ-3/wrong-subcode',
    'an unknown creative is code 100 with subcode 2 instead of 33',
    errors((e) => {
      if (e.error_subcode !== 33) return false;
      e.error_subcode = 2;
    }),
  ),
  wire(
    'ADC-ERROR-1/code-as-string',
    'error codes are sent as strings ("100")',
    errors((e) => {
      if (typeof e.code !== 'number') return false;
      e.code = String(e.code);
    }),
  ),
  wire(
    'ADC-AUTH-1/invalid-token-102',
    'an invalid access token is code 102 (session) instead of 190',
    errors((e) => {
      if (e.code !== 190) return false;
      e.code = 102;
    }),
  ),
  wire(
    'ADC-NAME-1/update-truncated-to-99',
    'an update silently stores a 100-character name cut to 99',
    editForm(
      (r) => r.method === 'POST' && NODE.test(r.url.pathname),
      (form) => {
        if (form.get('name')?.length === 100) form.set('name', form.get('name')!.slice(0, 99));
      },
    ),
  ),
];
