// Analytics: the mutants of the ANA-CURRENCY-* rules (./currency.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { plan } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  plan('ANA-CURRENCY-1/currency-ignored', 'currency is validated, then revenue stays in USD', (p) => ({
    ...p,
    rate: 1,
  })),
  plan(
    'ANA-CURRENCY-1/gross-not-converted',
    'grossRevenue stays in USD while the other revenue metrics are converted',
    (p) => ({
      ...p,
      metrics: p.metrics.map((m) => (m.name === 'grossRevenue' ? { ...m, sql: m.sql.replaceAll(':rate', '1') } : m)),
    }),
  ),
];
