// npm run contracts -- [--target prism | stubs | reference | <base URL>] [--service <key>] [--rule <id or prefix>]
//                      [--config file] [--strict | --no-strict] [--allow-bursts]
// Runs the rule tests against one target through vitest and prints the conformance report.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startVitest } from 'vitest/node';
import { ROOT } from '../../generator/loader.js';
import { SERVICE_KEYS, isServiceKey } from '../../generator/services.js';
import { MissingFixturesError, assertRequiredFixtures, readConfigFile, thirdPartyFixtures } from '../targets/fixtures.js';
import { defaultTargetName } from '../targets/resolve.js';

export const USAGE = `usage: npm run contracts -- [--target prism|stubs|reference|<base URL>] [--service <key>] [--rule <id or prefix>]
                          [--config <file>] [--strict | --no-strict] [--allow-bursts]
  --strict         convention-only expectations fail (default on for reference and stubs, off otherwise)
  --allow-bursts   run rate-limit bursts on a third-party target (or "allowBursts": true in the config)`;

export function isUrlTarget(target: string): boolean {
  return /^https?:\/\//.test(target);
}

export async function runContracts(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        target: { type: 'string' },
        service: { type: 'string', multiple: true },
        rule: { type: 'string' },
        config: { type: 'string', default: path.join(ROOT, 'contracts.config.json') },
        strict: { type: 'boolean' },
        'no-strict': { type: 'boolean' },
        'allow-bursts': { type: 'boolean' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const services = (values.service ?? [...SERVICE_KEYS]).flatMap((s) => s.split(','));
  const unknown = services.filter((s) => !isServiceKey(s));
  if (unknown.length) {
    console.error(`unknown service(s): ${unknown.join(', ')}; services: ${SERVICE_KEYS.join(', ')}`);
    return 2;
  }
  const target = values.target ?? defaultTargetName();
  // A third party is tested with its own fixtures only: stop here, before vitest starts, when one is missing.
  if (isUrlTarget(target)) {
    try {
      assertRequiredFixtures(thirdPartyFixtures(readConfigFile(values.config)), services, values.config);
    } catch (error) {
      if (!(error instanceof MissingFixturesError)) throw error;
      console.error(error.message);
      return 2;
    }
  }
  process.env.CONTRACT_TARGET = target;
  process.env.CONTRACT_SERVICES = services.join(',');
  process.env.CONTRACT_CONFIG = values.config;
  if (values.strict) process.env.CONTRACT_STRICT = '1';
  else if (values['no-strict']) process.env.CONTRACT_STRICT = '0';
  if (values['allow-bursts']) process.env.CONTRACT_ALLOW_BURSTS = '1';
  if (values.rule) process.env.CONTRACT_RULE = values.rule;
  else delete process.env.CONTRACT_RULE;
  const flags = [process.env.CONTRACT_STRICT === '1' && 'strict', process.env.CONTRACT_STRICT === '0' && 'not strict', process.env.CONTRACT_ALLOW_BURSTS === '1' && 'bursts allowed'].filter(Boolean);
  console.log(`Contract suite: target ${target}; services ${services.join(', ')}${values.rule ? `; rules ${values.rule}*` : ''}${flags.length ? `; ${flags.join(', ')}` : ''}`);
  const vitest = await startVitest('test', [], {
    config: path.join(ROOT, 'contracts', 'vitest.config.ts'),
    root: ROOT,
    watch: false,
    testNamePattern: values.rule ? `^${values.rule.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}` : undefined,
  });
  await vitest?.close();
  return process.exitCode && process.exitCode !== 0 ? Number(process.exitCode) : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runContracts(process.argv.slice(2));
}
