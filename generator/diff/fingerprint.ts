// A finding's fingerprint: the same change keeps it across unrelated edits (no line numbers or pointers in it,
// only the check, the operation and the location in words), so that an ignore file can name it.
import { createHash } from 'node:crypto';

export function fingerprint(parts: Array<string | undefined>): string {
  return createHash('sha256')
    .update(parts.map((p) => p ?? '').join('\u0000'))
    .digest('hex')
    .slice(0, 12);
}
