// npm run contracts -- [--target prism | stubs | reference | <base URL>] [--service <key>] [--rule <id or prefix>] [--config file]
// Runs the rule tests against one target through vitest and prints the conformance report.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startVitest } from 'vitest/node';
import { ROOT } from '../../generator/loader.js';
import { SERVICE_KEYS, isServiceKey } from '../../generator/services.js';
import { defaultTargetName } from '../targets/resolve.js';

export async function runContracts(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      target: { type: 'string' },
      service: { type: 'string', multiple: true },
      rule: { type: 'string' },
      config: { type: 'string', default: path.join(ROOT, 'contracts.config.json') },
    },
  });
  const services = (values.service ?? [...SERVICE_KEYS]).flatMap((s) => s.split(','));
  const unknown = services.filter((s) => !isServiceKey(s));
  if (unknown.length) {
    console.error(`unknown service(s): ${unknown.join(', ')}; services: ${SERVICE_KEYS.join(', ')}`);
    return 2;
  }
  const target = values.target ?? defaultTargetName();
  process.env.CONTRACT_TARGET = target;
  process.env.CONTRACT_SERVICES = services.join(',');
  process.env.CONTRACT_CONFIG = values.config;
  if (values.rule) process.env.CONTRACT_RULE = values.rule;
  else delete process.env.CONTRACT_RULE;
  console.log(`Contract suite: target ${target}; services ${services.join(', ')}${values.rule ? `; rules ${values.rule}*` : ''}`);
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
