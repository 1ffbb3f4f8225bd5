// What a change does to callers of the generated client, read from the model generate builds: the client
// function of the operation (its identifier), its parameters type and the member a parameter or body is, its
// result type, and the component type a referenced schema is emitted as. The verdict comes from the check's code
// effect; a type change is judged by the TypeScript types of the two sides (integer and number are one `number`).
import type { CodeEffect } from './checks.js';
import type { CodeSymbol, CodeVerdict, Direction, Level } from './finding.js';
import type { OperationModel } from '../model/types.js';
import { tokensOf } from '../model/json-pointer.js';

export interface CodeContext {
  effect: CodeEffect;
  level: Level;
  direction: Direction;
  operation?: OperationModel;
  /** The operation as the base generated it, where its generated names differ (an operationId renamed). */
  renamedFrom?: OperationModel;
  /** The parameter's identifier in the generated Params type, or 'body'. */
  member?: string;
  /** The pointers of the change, for the component type it is written in. */
  pointers: Array<string | undefined>;
  tsTypes?: [string[], string[]];
}

export function codeVerdict(context: CodeContext): CodeVerdict {
  const symbols: CodeSymbol[] = [];
  const op = context.operation;
  if (op) {
    symbols.push({ kind: 'function', name: op.id });
    if (context.direction === 'request') {
      symbols.push({ kind: 'parameters', name: `${op.typeName}Params` });
      if (context.member) symbols.push({ kind: 'member', name: `${op.typeName}Params.${context.member}` });
    } else if (context.direction === 'response') symbols.push({ kind: 'result', name: `${op.typeName}Result` });
  }
  const old = context.renamedFrom;
  if (old && op && old.id !== op.id)
    symbols.push(
      { kind: 'function', name: old.id },
      { kind: 'parameters', name: `${old.typeName}Params` },
      { kind: 'result', name: `${old.typeName}Result` },
    );
  for (const pointer of context.pointers) {
    const parts = pointer ? tokensOf(pointer) : [];
    if (parts[0] === 'components' && parts[1] === 'schemas' && parts[2]) {
      const name = `components["schemas"]["${parts[2]}"]`;
      if (!symbols.some((s) => s.name === name)) symbols.push({ kind: 'type', name });
    }
  }
  let breaks = context.effect === 'breaks';
  let reason = breaks
    ? 'code written against the old types stops compiling'
    : 'the generated types accept the old code';
  if (context.effect === 'types' && context.tsTypes) {
    const [before, after] = context.tsTypes;
    // Callers write values of the old type (requests) or read values as the old type (responses).
    const [from, to] = context.direction === 'request' ? [before, after] : [after, before];
    const fits = from.every((t) => to.includes(t) || to.includes('unknown'));
    breaks = !fits;
    reason = fits
      ? `the TypeScript type stays ${after.join(' | ')}${context.level === 'error' ? ': a wire break TypeScript cannot see' : ''}`
      : `the TypeScript type changes from ${before.join(' | ')} to ${after.join(' | ')}`;
  } else if (!breaks && context.level === 'error')
    reason = 'the generated types do not change: a wire break TypeScript cannot see';
  return { verdict: breaks ? 'breaks' : 'compiles', reason, symbols };
}
