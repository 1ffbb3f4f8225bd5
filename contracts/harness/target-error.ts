// What makes a test's outcome an `error` rather than a verdict on the rule: the target did not answer (refused
// or dropped connection, no answer in time) or answered 5xx. No rule of the catalogue asks for a 5xx, and a rule
// cannot be judged on an answer that never came: such a test is never a pass, never a warning, never n/a.

/** Thrown (or recognised) when the target could not be judged; the outcome is `error`. */
export class TargetError extends Error {
  override name = 'TargetError';
}

/** The client errors that mean "no answer": a broken connection or a timeout of the generated clients. */
const NO_ANSWER = new Set(['ApiConnectionError', 'ApiTimeoutError']);

/** The reason an error is a target error, or undefined when it is an ordinary failure. */
export function targetErrorOf(error: unknown): string | undefined {
  if (error instanceof TargetError) return error.message;
  const name = (error as { name?: string } | null)?.name;
  if (name && NO_ANSWER.has(name)) return `the target did not answer: ${(error as Error).message.split('\n')[0]}`;
  return undefined;
}

/** Vitest's message for a test that ran out of time: the target never finished answering. */
export function isTestTimeout(message: string): boolean {
  return /^Test timed out in \d+ms/.test(message);
}
