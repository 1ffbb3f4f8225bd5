// `x-idempotent` (operation) and `x-idempotency-key` (operation or root): whether the client may repeat a call,
// and the header that makes a repeat safe.
import type { OpenApiDocument } from '../ref.js';
import type { OperationModel } from '../types.js';

export function idempotencyOf(
  op: any,
  document: OpenApiDocument,
): Pick<OperationModel, 'idempotent' | 'idempotencyKeyHeader'> {
  const key = op['x-idempotency-key'] ?? document['x-idempotency-key'];
  return {
    ...(typeof op['x-idempotent'] === 'boolean' ? { idempotent: op['x-idempotent'] } : {}),
    ...(typeof key === 'string' ? { idempotencyKeyHeader: key } : {}),
  };
}
