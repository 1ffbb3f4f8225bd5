// What a diff reports: one finding per change, with where it is written in each document and what it does to
// clients on the wire and to callers of the generated code.

export type Level = 'error' | 'warning' | 'info';
export type Direction = 'request' | 'response' | 'none';

export const LEVELS: readonly Level[] = ['info', 'warning', 'error'];

/** Whether `level` reaches `threshold` (error > warning > info). */
export function reaches(level: Level, threshold: Level): boolean {
  return LEVELS.indexOf(level) >= LEVELS.indexOf(threshold);
}

export interface OperationRef {
  method: string;
  path: string;
  operationId?: string;
}

/** Where a change is written: an RFC 6901 pointer into the document as written, and its line for YAML. */
export interface Place {
  pointer: string;
  line?: number;
}

/** A generated symbol a change touches. */
export interface CodeSymbol {
  kind: 'function' | 'parameters' | 'result' | 'type' | 'member';
  name: string;
}

/**
 * What the change does to callers of the generated client: `breaks` (code written against the base's package
 * stops compiling), or `compiles`; `wire` says when the wire breaks where TypeScript cannot see it.
 */
export interface CodeVerdict {
  verdict: 'breaks' | 'compiles';
  reason: string;
  symbols: CodeSymbol[];
  /** With `--check-code`: the project's type errors against the revision's package that name these symbols. */
  typeErrors?: TypeCheckError[];
}

/** A compiler diagnostic of the user's project (`--check-code`). */
export interface TypeCheckError {
  file?: string;
  line?: number;
  column?: number;
  /** TypeScript's error number (2339: a property that does not exist). */
  code: number;
  message: string;
}

export interface Finding {
  id: string;
  /** The oasdiff rule id of the same change, where one matches. */
  oasdiff?: string;
  level: Level;
  direction: Direction;
  operation?: OperationRef;
  /** Where the change reads in words: `request body application/json: property customer.email`. */
  location: string;
  base?: Place;
  revision?: Place;
  message: string;
  fingerprint: string;
  code: CodeVerdict;
  /** Set when the ignore file accepts this finding. */
  ignored?: { reason: string };
}
