// `x-max-depth` (operation or root): how deep a request body may nest.

export function maxDepth(id: string, raw: unknown): { maxDepth?: number } {
  if (raw === undefined) return {};
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1)
    throw new Error(`${id}: x-max-depth must be a positive integer (levels of nesting)`);
  return { maxDepth: raw };
}
