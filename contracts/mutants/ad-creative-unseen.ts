// Ad creative mutants first written as defects of an adversarial implementer, planted through a proxy in front
// of the served reference (test/contracts/unseen-defects.test.ts), kept here on the wire: a wrong subcode, a
// wrong code, codes as strings, a name silently cut on update.
import { type Mutant, wireMutant as wire } from './mutant.js';
import { editForm, rewriteJsonAnswer, type Wrap } from './wire.js';

const NODE = /^\/v\d+\.0\/\d+$/;
const errors = (change: (error: Record<string, unknown>) => boolean | void): Wrap =>
  rewriteJsonAnswer(
    () => true,
    (body, status) => {
      if (status < 400 || !body?.error || change(body.error) === false) return false;
    },
  );

/** Error answers whose member `key` the test picks, sent with another value of it. */
const errorMember = (
  id: string,
  description: string,
  key: 'code' | 'error_subcode',
  picks: (value: unknown) => boolean,
  instead: (value: unknown) => unknown,
): Mutant =>
  wire(
    id,
    description,
    errors((e) => {
      if (!picks(e[key])) return false;
      e[key] = instead(e[key]);
    }),
  );

export const MUTANTS: Mutant[] = [
  errorMember(
    'ADC-READ-3/wrong-subcode',
    'an unknown creative is code 100 with subcode 2 instead of 33',
    'error_subcode',
    (v) => v === 33,
    () => 2,
  ),
  errorMember(
    'ADC-ERROR-1/code-as-string',
    'error codes are sent as strings ("100")',
    'code',
    (v) => typeof v === 'number',
    String,
  ),
  errorMember(
    'ADC-AUTH-1/invalid-token-102',
    'an invalid access token is code 102 (session) instead of 190',
    'code',
    (v) => v === 190,
    () => 102,
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
