// A third party that gives exactly what the documentation requires gets no false FAIL. The reference is served
// in its own process (`serve`, test/support/served-reference.ts) and targeted as a URL with a config holding the
// required keys only, every list cut to the minimum the published config schema documents (minItems). The whole
// suite runs: no rule fails or errs, and every not-applicable test names the fixture key (or opt-in) it lacks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BURSTS_SKIPPED } from '../../contracts/harness/rule-test.js';
import { DEFAULT_FIXTURES, REQUIRED_FIXTURES } from '../../contracts/targets/fixtures.js';
import { SERVICE_KEYS, type ServiceKey } from '../../contracts/harness/services.js';
import { ROOT, runSuite, type Verdict } from '../support/contract-run.js';
import { type ServedReference, serveAll } from '../support/served-reference.js';

const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'contracts', 'config.schema.json'), 'utf8'));

/** The documented minimum of a service: its required keys, each list cut to the schema's minItems. */
function documentedMinimum(service: ServiceKey): Record<string, unknown> {
  const props = schema.properties.fixtures.properties[service].properties;
  return Object.fromEntries(
    REQUIRED_FIXTURES[service].map((key) => {
      const value = (DEFAULT_FIXTURES[service] as unknown as Record<string, unknown>)[key];
      return [key, Array.isArray(value) ? value.slice(0, props[key].minItems ?? 1) : value];
    }),
  );
}

/** Temporary folders of this file, removed after the served reference has stopped. */
const scratch: string[] = [];
const scratchDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'documented-minimum-'));
  scratch.push(dir);
  return dir;
};

/** Optional keys and opt-ins a not-applicable reason may name. */
function namesWhatIsMissing(service: ServiceKey, detail: string): boolean {
  if (detail.includes(BURSTS_SKIPPED)) return true;
  const optional = Object.keys(schema.properties.fixtures.properties[service].properties).filter(
    (k) => !(REQUIRED_FIXTURES[service] as readonly string[]).includes(k),
  );
  return optional.some((key) => new RegExp(`\\b${key}\\b`).test(detail));
}

describe('the served reference with the documented minimum fixtures', () => {
  let served: ServedReference;
  let verdicts: Verdict[];
  let exitCode: number;

  beforeAll(async () => {
    served = await serveAll('documented-minimum-');
    const config = {
      endpoints: Object.fromEntries(SERVICE_KEYS.map((s) => [s, { baseUrl: served.urls[s] }])),
      fixtures: Object.fromEntries(SERVICE_KEYS.map((s) => [s, documentedMinimum(s)])),
    };
    const file = path.join(scratchDir(), 'contracts.config.json');
    fs.writeFileSync(file, JSON.stringify(config));
    ({ verdicts, exitCode } = await runSuite(
      ['--target', served.urls.analytics!, '--config', file],
      'served reference, documented minimum',
    ));
  }, 900_000);
  afterAll(async () => {
    await served?.stop();
    for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('cuts the analytics videoIds to the documented 2', () => {
    expect(documentedMinimum('analytics').videoIds).toHaveLength(2);
  });

  it('fails no rule and errs on none', () => {
    const bad = verdicts
      .filter((v) => v.verdict === 'fail' || v.verdict === 'error')
      .map((v) => `${v.ruleId}: ${v.tests.find((t) => t.verdict === v.verdict)?.detail?.split('\n')[0]}`);
    expect(bad).toEqual([]);
    expect(exitCode).toBe(0);
    expect(verdicts.filter((v) => v.verdict === 'pass').length).toBeGreaterThan(60);
  });

  it('names the missing key of every not-applicable test', () => {
    const unnamed = verdicts.flatMap((v) =>
      v.tests
        .filter(
          (t) =>
            t.verdict === 'not-applicable' &&
            !namesWhatIsMissing(
              v.ruleId.startsWith('ADC') ? 'ad-creative' : v.ruleId.startsWith('ANA') ? 'analytics' : 'generative',
              t.detail ?? '',
            ),
        )
        .map((t) => `${t.name}: ${t.detail}`),
    );
    expect(unnamed).toEqual([]);
  });
});
