// The fuzz command's command line read (contracts/fuzz/cli.ts): services, count, seed and concurrency, or the one
// line that refuses it. Nothing is started here.
import { parseArgs } from 'node:util';
import { SERVICE_KEYS, type ServiceKey } from '../harness/services.js';
import { closest } from '../cli/closest.js';

export const USAGE = `usage: npm run fuzz -- [--service <${SERVICE_KEYS.join('|')}>] [--count N] [--seed S] [--concurrency C]`;

export interface FuzzArgs {
  services: ServiceKey[];
  /** The --service flags as given (the replay line repeats them). */
  serviceFlags?: string[];
  count: number;
  seed: number;
  concurrency: number;
}

class Refusal extends Error {}

/** A whole number of at least `min` given as text, or a refusal naming the flag. */
function wholeNumber(flag: string, text: string, min: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < min)
    throw new Refusal(`--${flag} must be a whole number of at least ${min}, not ${text}`);
  return n;
}

/** The run's settings, or what the command prints on stderr before it exits 2 (nothing started yet). */
export function readFuzzArgs(argv: string[]): FuzzArgs | { refused: string } {
  try {
    let values;
    try {
      ({ values } = parseArgs({
        args: argv,
        options: {
          service: { type: 'string', multiple: true },
          count: { type: 'string', default: '10000' },
          seed: { type: 'string' },
          concurrency: { type: 'string', default: '8' },
        },
      }));
    } catch (error) {
      throw new Refusal((error as Error).message);
    }
    const services = (values.service ?? SERVICE_KEYS).flatMap((s) => s.split(',')) as ServiceKey[];
    for (const s of services)
      if (!SERVICE_KEYS.includes(s))
        throw new Refusal(`unknown service ${s} (did you mean ${closest(s, SERVICE_KEYS, 1)[0]}?)`);
    const count = wholeNumber('count', values.count, 1);
    const concurrency = wholeNumber('concurrency', values.concurrency, 1);
    const seed = values.seed !== undefined ? wholeNumber('seed', values.seed, 0) : Math.floor(Math.random() * 2 ** 31);
    return { services, ...(values.service ? { serviceFlags: values.service } : {}), count, seed, concurrency };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { refused: `fuzz: ${error.message}\n${USAGE}` };
  }
}
