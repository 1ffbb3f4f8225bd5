// The settings of one contract run, made once by whoever starts vitest (the CLI, the mutation gate, the coverage
// collector) and handed over through vitest's provide: the global setup, the rule files and the reporter read them
// here, never from environment variables.
import type { CheckId } from '../engine/checks.js';
import { RULES_BY_SERVICE } from '../../generated/rules.js';
import { isServiceKey, SERVICE_KEYS, type ServiceKey } from './services.js';

export interface RunSettings {
  /** The services whose rules run (the others register no tests). */
  services: ServiceKey[];
  /** prism, stubs, reference or a base URL; started by the global setup. */
  target?: string;
  /** The run's config file (contracts.config.json). */
  config?: string;
  /** --strict / --no-strict; absent: the target's default. */
  strict?: boolean;
  /** --allow-bursts. */
  allowBursts?: boolean;
  /** --max-answer-bytes. */
  maxAnswerBytes?: number;
  /** --deadline: when the run stops judging (epoch ms) and its length in seconds. */
  deadline?: { at: number; seconds: number };
  /** --rule: the id prefixes of the rules that run (any of them). */
  rules?: string[];
  /** --check / --exclude-check: the engine's checks judged on every answer (all the answer checks when absent). */
  checks?: CheckId[];
  /** How the reports name the target (default: the target itself). */
  targetLabel?: string;
  /** Where the reports are written (default: reports/). */
  reportDir?: string;
  /** How many tests will run, counted before the first (the progress lines' total). */
  total?: number;
  /** The sessions come from the caller (the mutation gate provides each one), not from the global setup's target. */
  externalSession?: boolean;
}

/**
 * The services the target starts: with --rule, only those owning a selected rule. The tests of the others are
 * filtered out by name and never send a request, so a one-rule run does not pay for every service's seed and servers.
 */
export function servicesToStart(settings: Pick<RunSettings, 'services' | 'rules'>): ServiceKey[] {
  const rules = settings.rules ?? [];
  if (rules.length === 0) return settings.services;
  return settings.services.filter((s) =>
    RULES_BY_SERVICE[s].some((rule: { id: string }) => rules.some((prefix) => rule.id.startsWith(prefix))),
  );
}

declare module 'vitest' {
  export interface ProvidedContext {
    contractRun: RunSettings;
  }
}

/**
 * The settings of a rule file run under vitest directly (`npx vitest run --config contracts/vitest.config.ts`),
 * where no command makes them: the few variables docs/contract-suite.md names for that case. The CLI and the
 * mutation gate provide their own settings, which replace these whole.
 */
export function settingsFromEnvironment(env: NodeJS.ProcessEnv): RunSettings {
  const services = (env.CONTRACT_SERVICES ?? '').split(',').filter(isServiceKey);
  return {
    services: services.length > 0 ? services : [...SERVICE_KEYS],
    ...(env.CONTRACT_TARGET ? { target: env.CONTRACT_TARGET } : {}),
    ...(env.CONTRACT_CONFIG ? { config: env.CONTRACT_CONFIG } : {}),
    ...(env.CONTRACT_STRICT === '1' ? { strict: true } : env.CONTRACT_STRICT === '0' ? { strict: false } : {}),
    ...(env.CONTRACT_ALLOW_BURSTS === '1' ? { allowBursts: true } : {}),
    ...(env.CONTRACT_REPORT_DIR ? { reportDir: env.CONTRACT_REPORT_DIR } : {}),
  };
}
