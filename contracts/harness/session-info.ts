// From a started target to what every contract test sees: addresses, fixtures and the judging flags.
import type { Fixtures } from '../targets/fixtures.js';
import type { TargetSession } from '../targets/target.js';
import { DEFAULT_MAX_ANSWER_BYTES } from './answer-body.js';
import type { SessionInfo } from './session.js';

/** Targets this project runs itself: bursts are always allowed there, and they are judged strictly by default. */
const OWN_TARGETS = ['reference', 'stubs', 'prism'];
/** Our own implementations (not Prism, a third party's mock): conventions are theirs to keep. */
const STRICT_BY_DEFAULT = ['reference', 'stubs'];

/**
 * CONTRACT_STRICT=1|0 and CONTRACT_ALLOW_BURSTS=1 override the defaults; CONTRACT_MAX_ANSWER_BYTES and
 * CONTRACT_DEADLINE_AT (epoch ms) with CONTRACT_DEADLINE_SECONDS bound the run (the CLI sets them from its flags).
 */
export function sessionInfoOf(running: TargetSession, env: NodeJS.ProcessEnv): SessionInfo {
  const strictFlag = env.CONTRACT_STRICT;
  const ownTarget = OWN_TARGETS.includes(running.name);
  const allowBursts = env.CONTRACT_ALLOW_BURSTS === '1' || running.allowBursts === true;
  return {
    name: running.name,
    kind: running.kind,
    endpoints: running.endpoints,
    // Without the opt-in a third party's burst sizes are withheld, so no rule test can fire a burst at it.
    fixtures: ownTarget || allowBursts ? running.fixtures : withoutBursts(running.fixtures),
    strict:
      strictFlag === undefined || strictFlag === '' ? STRICT_BY_DEFAULT.includes(running.name) : strictFlag === '1',
    allowBursts,
    ownTarget,
    changeSignals: running.changeSignals === true,
    maxAnswerBytes: Number(env.CONTRACT_MAX_ANSWER_BYTES) || DEFAULT_MAX_ANSWER_BYTES,
    ...(Number(env.CONTRACT_DEADLINE_AT) > 0
      ? { deadline: { at: Number(env.CONTRACT_DEADLINE_AT), seconds: Number(env.CONTRACT_DEADLINE_SECONDS) || 0 } }
      : {}),
  };
}

function withoutBursts(fixtures: Fixtures): Fixtures {
  const out = structuredClone(fixtures) as unknown as Record<string, Record<string, unknown>>;
  for (const values of Object.values(out)) delete values.rateLimitBurst;
  return out as unknown as Fixtures;
}
