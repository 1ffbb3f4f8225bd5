// `x-body-limit` (operation or request body): the largest request body in bytes.

export function bodyLimit(id: string, raw: unknown): { bodyLimit?: number } {
  if (raw === undefined) return {};
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw <= 0)
    throw new Error(`${id}: x-body-limit must be a positive integer (bytes)`);
  return { bodyLimit: raw };
}
