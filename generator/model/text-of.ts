import type { SchemaWarning } from './normalise-schemas.js';

/**
 * A text the document gives (a title, a summary, a description): a string, or '' where absent. Anything else is
 * not what OpenAPI allows there, and is warned about with its pointer and ignored, as other tools read it.
 */
export function textOf(value: unknown, pointer: string, warn: (warning: SchemaWarning) => void): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  warn({ pointer, message: `not a string (${Array.isArray(value) ? 'array' : typeof value}); ignored` });
  return '';
}
