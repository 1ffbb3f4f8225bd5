// A deterministic safety classifier and the threshold table of the service document ("Safety enums and objects").
//
// Classifier: the text is searched (case-insensitively) for the trigger phrases of TRIGGERS; each of the four
// supported categories is rated with the highest probability whose phrase occurs, NEGLIGIBLE when none does.
// Exactly one rating per category, in the order of SUPPORTED_CATEGORIES.
//
// Thresholds (document table): BLOCK_LOW_AND_ABOVE lets only NEGLIGIBLE through; BLOCK_MEDIUM_AND_ABOVE lets
// NEGLIGIBLE and LOW through; BLOCK_ONLY_HIGH lets all but HIGH through; BLOCK_NONE (and OFF, which the public
// service also takes) lets everything through. HARM_BLOCK_THRESHOLD_UNSPECIFIED means the default.
// A listed category replaces its default; an unlisted one keeps it (rule 3). Only the four supported categories
// may be listed (rule 4), each at most once (rule 2).
import type { components } from '../../generated/generative/types.js';
import { invalid } from './errors.js';

type Schemas = components['schemas'];
export type HarmCategory = Schemas['HarmCategory'];
export type HarmProbability = Schemas['HarmProbability'];
export type SafetyRating = Schemas['SafetyRating'];
export type SafetySetting = Schemas['SafetySetting'];
export type Threshold = Schemas['HarmBlockThreshold'];

export const SUPPORTED_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
] as const satisfies readonly HarmCategory[];
export type SupportedCategory = (typeof SUPPORTED_CATEGORIES)[number];

export const PROBABILITIES = ['NEGLIGIBLE', 'LOW', 'MEDIUM', 'HIGH'] as const satisfies readonly HarmProbability[];
export type RatedProbability = (typeof PROBABILITIES)[number];

/** Trigger phrases per category and probability (documented in README.md, "The built-in model"). */
export const TRIGGERS: Record<SupportedCategory, Record<Exclude<RatedProbability, 'NEGLIGIBLE'>, string>> = {
  HARM_CATEGORY_HARASSMENT: { LOW: 'mild teasing', MEDIUM: 'repeated insults', HIGH: 'targeted threats' },
  HARM_CATEGORY_HATE_SPEECH: { LOW: 'group stereotype', MEDIUM: 'group slur', HIGH: 'hateful incitement' },
  HARM_CATEGORY_SEXUALLY_EXPLICIT: {
    LOW: 'suggestive remark',
    MEDIUM: 'explicit description',
    HIGH: 'graphic sexual content',
  },
  HARM_CATEGORY_DANGEROUS_CONTENT: { LOW: 'risky stunt', MEDIUM: 'weapon assembly', HIGH: 'explosive recipe' },
};

const RANK: Record<string, number> = { HARM_PROBABILITY_UNSPECIFIED: 0, NEGLIGIBLE: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };

/** A threshold in effect (UNSPECIFIED resolved to the default; OFF, a later public value, as BLOCK_NONE). */
export type EffectiveThreshold =
  | 'BLOCK_LOW_AND_ABOVE'
  | 'BLOCK_MEDIUM_AND_ABOVE'
  | 'BLOCK_ONLY_HIGH'
  | 'BLOCK_NONE'
  | 'OFF';

/** The lowest probability rank each threshold blocks (4: blocks nothing). */
export const BLOCKS_FROM: Record<EffectiveThreshold, number> = {
  BLOCK_LOW_AND_ABOVE: 1,
  BLOCK_MEDIUM_AND_ABOVE: 2,
  BLOCK_ONLY_HIGH: 3,
  BLOCK_NONE: 4,
  OFF: 4,
};

export type Thresholds = Map<string, EffectiveThreshold>;

export interface SafetyPolicy {
  /** The model's default threshold of every supported category. */
  defaultThreshold: EffectiveThreshold;
}

export function rate(text: string): SafetyRating[] {
  const lower = text.toLowerCase();
  return SUPPORTED_CATEGORIES.map((category) => {
    let probability: RatedProbability = 'NEGLIGIBLE';
    for (const [level, phrase] of Object.entries(TRIGGERS[category]) as Array<[RatedProbability, string]>) {
      if (lower.includes(phrase) && RANK[level]! > RANK[probability]!) probability = level;
    }
    return { category, probability };
  });
}

/** The effective threshold of every supported category: the listed setting, else the default. */
export function resolveThresholds(settings: readonly SafetySetting[] | undefined, policy: SafetyPolicy): Thresholds {
  const out: Thresholds = new Map(SUPPORTED_CATEGORIES.map((c) => [c, policy.defaultThreshold]));
  const seen = new Set<string>();
  (settings ?? []).forEach((setting, i) => {
    if (!(SUPPORTED_CATEGORIES as readonly string[]).includes(setting.category)) {
      throw invalid(
        `${setting.category} is not supported in safety_settings; use one of ${SUPPORTED_CATEGORIES.join(', ')}.`,
        `safety_settings[${i}].category`,
      );
    }
    if (seen.has(setting.category)) {
      throw invalid(
        `Duplicate safety setting for ${setting.category}: give at most one setting per category.`,
        `safety_settings[${i}].category`,
      );
    }
    seen.add(setting.category);
    const threshold = setting.threshold as Threshold | 'OFF';
    out.set(setting.category, threshold === 'HARM_BLOCK_THRESHOLD_UNSPECIFIED' ? policy.defaultThreshold : threshold);
  });
  return out;
}

/** Resolves a request's safetySettings against a policy (the service takes it as a part: decorate may wrap it). */
export type ThresholdResolver = (settings: readonly SafetySetting[] | undefined, policy: SafetyPolicy) => Thresholds;

/** A safety filter: rates a text, then judges the ratings against the thresholds in force. */
export interface SafetyFilter {
  rate(text: string): SafetyRating[];
  /** Marks each rating a threshold blocks (blocked: true); true when any is blocked. */
  blocks(ratings: SafetyRating[], thresholds: Thresholds): boolean;
}

/** Marks each rating its category's threshold blocks (blocked: true); true when any is blocked. */
export function applyThresholds(ratings: SafetyRating[], thresholds: Thresholds): boolean {
  let blocked = false;
  for (const rating of ratings) {
    const threshold = thresholds.get(rating.category);
    if (threshold && RANK[rating.probability]! >= BLOCKS_FROM[threshold]) {
      rating.blocked = true;
      blocked = true;
    }
  }
  return blocked;
}

/** The trigger-phrase classifier with the threshold table: the filter of prompts and answers alike. */
export const TRIGGER_PHRASE_FILTER: SafetyFilter = { rate, blocks: applyThresholds };
