// From a started target to what every contract test sees: addresses, fixtures and the judging flags.
import type { Fixtures } from '../targets/fixtures.js';
import type { TargetSession } from '../targets/target.js';
import { DEFAULT_MAX_ANSWER_BYTES } from './answer-body.js';
import type { RunSettings } from './run-settings.js';
import type { SessionInfo } from './session.js';

/** Targets this project runs itself: bursts are always allowed there, and they are judged strictly by default. */
const OWN_TARGETS = ['reference', 'stubs', 'prism'];
/** Our own implementations (not Prism, a third party's mock): conventions are theirs to keep. */
const STRICT_BY_DEFAULT = ['reference', 'stubs'];

/** The run's --strict/--no-strict and --allow-bursts override the defaults; --max-answer-bytes and --deadline bound it. */
export function sessionInfoOf(
  running: TargetSession,
  settings: Pick<RunSettings, 'strict' | 'allowBursts' | 'maxAnswerBytes' | 'deadline'>,
): SessionInfo {
  const ownTarget = OWN_TARGETS.includes(running.name);
  const allowBursts = settings.allowBursts === true || running.allowBursts === true;
  return {
    name: running.name,
    kind: running.kind,
    endpoints: running.endpoints,
    // Without the opt-in a third party's burst sizes are withheld, so no rule test can fire a burst at it.
    fixtures: ownTarget || allowBursts ? running.fixtures : withoutBursts(running.fixtures),
    strict: settings.strict ?? STRICT_BY_DEFAULT.includes(running.name),
    allowBursts,
    ownTarget,
    ...(running.changeSignals ? { changeSignals: running.changeSignals } : {}),
    maxAnswerBytes: settings.maxAnswerBytes || DEFAULT_MAX_ANSWER_BYTES,
    ...(settings.deadline && settings.deadline.at > 0 ? { deadline: settings.deadline } : {}),
  };
}

function withoutBursts(fixtures: Fixtures): Fixtures {
  const out = structuredClone(fixtures) as unknown as Record<string, Record<string, unknown>>;
  for (const values of Object.values(out)) delete values.rateLimitBurst;
  return out as unknown as Fixtures;
}
