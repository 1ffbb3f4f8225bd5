// Analytics: the mutants of the ANA-FILTER-* rules (./filter.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { plan } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  plan('ANA-FILTER-1/country-ignored', 'country== is validated, then ignored', (p) => ({
    ...p,
    filters: p.filters.filter((f) => f.dimension !== 'country'),
  })),
  plan('ANA-FILTER-1/video-ignored', 'video== is validated, then ignored', (p) => ({
    ...p,
    filters: p.filters.filter((f) => f.dimension !== 'video'),
  })),
  plan('ANA-FILTER-1/video-first-value-only', 'video==a,b applies a alone', (p) => ({
    ...p,
    filters: p.filters.map((f) => (f.dimension === 'video' ? { ...f, values: f.values.slice(0, 1) } : f)),
  })),
];
