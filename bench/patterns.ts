// The cost of the generated server's linear-time patterns (templates/runtime/server/linear-regexp.ts): one
// validator of an object with patterned strings (the analytics spec's date and metric patterns), compiled by ajv
// with JavaScript's engine and with the runtime's, timed in alternating turns; and one check of a 40-character
// attack on `^(a+)+$` with the runtime's engine (JavaScript's takes hours on it; not run).
import { performance } from 'node:perf_hooks';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { linearRegExp } from '../templates/runtime/server/linear-regexp.js';

const SCHEMA = {
  type: 'object',
  properties: {
    startDate: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
    endDate: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
    metrics: { type: 'string', pattern: '^[0-9a-zA-Z]+(,[0-9a-zA-Z]+)*$' },
    ids: { type: 'string', pattern: '^[a-zA-Z]+==[a-zA-Z0-9_+-]+$' },
  },
};
const VALUE = { startDate: '2026-01-01', endDate: '2026-11-28', metrics: 'views,likes,comments', ids: 'channel==MINE' };
const CALLS = 20_000;

const validator = (linear: boolean) =>
  new Ajv2020({ strict: false, allErrors: true, ...(linear ? { code: { regExp: linearRegExp } } : {}) }).compile(
    SCHEMA,
  );

function perCall(validate: (value: unknown) => boolean): number {
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) if (!validate(VALUE)) throw new Error('the bench value is invalid');
  return ((performance.now() - start) * 1000) / CALLS;
}

export function patternBench(runs: number): string {
  const native = validator(false);
  const linear = validator(true);
  perCall(native);
  perCall(linear);
  const ratios: number[] = [];
  const times = { native: [] as number[], linear: [] as number[] };
  for (let i = 0; i < runs * 4; i++) {
    const a = perCall(native);
    const b = perCall(linear);
    times.native.push(a);
    times.linear.push(b);
    ratios.push(b / a);
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const attack = linearRegExp('^(a+)+$', 'u');
  const text = `${'a'.repeat(40)}!`;
  const start = performance.now();
  attack.test(text);
  const attackMs = performance.now() - start;
  return [
    `\nSpec patterns (${runs * 4} alternating turns of ${CALLS} validations of 4 patterned strings; medians)\n`,
    '| measurement | value |\n|---|---:|',
    `| per validation, JavaScript's engine | ${median(times.native).toFixed(2)} µs |`,
    `| per validation, linear engine (RE2) | ${median(times.linear).toFixed(2)} µs |`,
    `| one check of a 40-character attack on ^(a+)+$, linear engine | ${attackMs.toFixed(2)} ms |`,
    `\nratio linear / JavaScript per validation: ${median(ratios).toFixed(2)} (the price of a server no pattern can hold)`,
  ].join('\n');
}
