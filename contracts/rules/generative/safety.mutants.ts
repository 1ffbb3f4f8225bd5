// Generative: the mutants of the GEN-SAFETY-* rules (./safety.rules.ts), each to be caught under its own rule.
import type { ThresholdResolver } from '../../../reference/generative/safety.js';
import type { Mutant } from '../../mutants/mutant.js';
import { type Json, answerJson, isGenerate, isOnly, neverBlocks, requestJson, seam, wire } from './mutant-context.js';

/** Thresholds from the strictest to none (OFF blocks nothing, as BLOCK_NONE). */
const THRESHOLD_ORDER = [
  'BLOCK_LOW_AND_ABOVE',
  'BLOCK_MEDIUM_AND_ABOVE',
  'BLOCK_ONLY_HIGH',
  'BLOCK_NONE',
  'OFF',
] as const;

export const MUTANTS: Mutant[] = [
  seam('GEN-SAFETY-1', 'candidates-never-filtered', 'answers are never checked against the thresholds', {
    answerFilter: neverBlocks,
  }),
  wire(
    'GEN-SAFETY-1',
    'settings-ignored',
    'safetySettings are validated, then ignored (the defaults apply)',
    requestJson(isGenerate, (body) => {
      delete body.safetySettings;
    }),
  ),
  seam('GEN-SAFETY-2', 'duplicates-accepted', 'two settings for one category are accepted, the last wins', {
    thresholds: (resolve: ThresholdResolver) => (settings, policy) =>
      resolve(settings && [...new Map(settings.map((s) => [s.category, s])).values()], policy),
  }),
  seam('GEN-SAFETY-3', 'only-tightens', 'a listed threshold may only tighten the default, never loosen it', {
    thresholds: (resolve: ThresholdResolver) => (settings, policy) => {
      const resolved = resolve(settings, policy);
      for (const s of settings ?? [])
        if (THRESHOLD_ORDER.indexOf(resolved.get(s.category)!) > THRESHOLD_ORDER.indexOf(policy.defaultThreshold))
          resolved.set(s.category, policy.defaultThreshold);
      return resolved;
    },
  }),
  seam('GEN-SAFETY-3', 'unlisted-lose-default', 'categories not listed get no threshold at all', {
    thresholds: (resolve: ThresholdResolver) => (settings, policy) => {
      const resolved = resolve(settings, policy);
      if (settings?.length)
        for (const category of resolved.keys())
          if (!settings.some((s) => s.category === category)) resolved.set(category, 'BLOCK_NONE');
      return resolved;
    },
  }),
  wire(
    'GEN-SAFETY-4',
    'unsupported-categories-dropped',
    'settings for unsupported categories are dropped instead of refused',
    requestJson(isGenerate, (body) => {
      const supported = [
        'HARM_CATEGORY_HARASSMENT',
        'HARM_CATEGORY_HATE_SPEECH',
        'HARM_CATEGORY_SEXUALLY_EXPLICIT',
        'HARM_CATEGORY_DANGEROUS_CONTENT',
      ];
      if (Array.isArray(body.safetySettings))
        body.safetySettings = body.safetySettings.filter((s: Json) => supported.includes(s.category));
    }),
  ),
  seam('GEN-SAFETY-5', 'threshold-off-by-one', 'each threshold blocks from one probability higher than the table', {
    thresholds: (resolve: ThresholdResolver) => (settings, policy) => {
      const resolved = resolve(settings, policy);
      for (const [category, t] of resolved)
        resolved.set(category, THRESHOLD_ORDER[Math.min(THRESHOLD_ORDER.indexOf(t) + 1, 3)] ?? t);
      return resolved;
    },
  }),
  seam('GEN-SAFETY-5', 'only-high-blocks-medium', 'BLOCK_ONLY_HIGH also blocks MEDIUM', {
    thresholds: (resolve: ThresholdResolver) => (settings, policy) => {
      const resolved = resolve(settings, policy);
      for (const [category, t] of resolved)
        if (t === 'BLOCK_ONLY_HIGH') resolved.set(category, 'BLOCK_MEDIUM_AND_ABOVE');
      return resolved;
    },
  }),
  // Judged but never acted on: the blocking rating is marked, the text and its finishReason stay.
  seam('GEN-SAFETY-6', 'blocked-candidate-keeps-text', 'a blocked answer keeps its text and says STOP', {
    answerFilter: neverBlocks,
  }),
  wire(
    'GEN-SAFETY-6',
    'blocked-flag-missing',
    'the rating that blocked a candidate is not marked blocked',
    answerJson(isOnly('POST', /:generateContent$/), (body) => {
      for (const c of body.candidates ?? []) for (const r of c.safetyRatings ?? []) delete r.blocked;
      return { body };
    }),
  ),
];
