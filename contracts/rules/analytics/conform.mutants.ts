// Analytics: the mutants of the ANA-CONFORM-* rules (./conform.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { on, rewriteAnswer, rewriteJsonAnswer } from '../../mutants/wire.js';
import { GROUPS, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ANA-CONFORM-1/delete-answers-200',
    'groups.delete answers 200 with an empty object instead of 204 No Content',
    rewriteAnswer(
      (answer) => (answer.method === 'DELETE' && answer.status === 204 ? { status: 200, json: {} } : undefined),
      {
        bodiless: true,
      },
    ),
  ),
  wire(
    'ANA-CONFORM-1/group-list-without-snippet',
    'groups.list answers its groups without their snippet (as if only ids were asked for)',
    rewriteJsonAnswer(on('GET', GROUPS), (body, status) => {
      if (status !== 200) return false;
      for (const g of body.items ?? []) delete g.snippet;
    }),
  ),
];
