// Ad creative: the ADC-CONFORM-* rule, built from the spec's operations (../conformance.ts); its mutants are in ./conform.mutants.ts.
import { conformRules } from '../conformance.js';

conformRules('ad-creative');
