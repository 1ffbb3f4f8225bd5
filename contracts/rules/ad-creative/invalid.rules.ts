// Ad creative: the ADC-INVALID-* rule, built from the spec's operations (../conformance.ts); its mutants are in ./invalid.mutants.ts.
import { invalidRules } from '../conformance.js';

invalidRules('ad-creative');
