// The service's documented errors, in the Status shape the generated server writes.
import { statusError, type ServiceError } from '../../generated/generative/server.js';

/** 400 INVALID_ARGUMENT with a BadRequest detail naming the field (snake_case, as the public service names it). */
export function invalid(message: string, field?: string): ServiceError {
  return statusError(
    'INVALID_ARGUMENT',
    message,
    field
      ? {
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.BadRequest',
              fieldViolations: [{ field, description: message }],
            },
          ],
        }
      : {},
  );
}

export function notFound(message = 'Requested entity was not found.'): ServiceError {
  return statusError('NOT_FOUND', message);
}

export function permissionDenied(message: string): ServiceError {
  return statusError('PERMISSION_DENIED', message);
}

export function resourceExhausted(message: string): ServiceError {
  return statusError('RESOURCE_EXHAUSTED', message);
}

export function failedPrecondition(message: string): ServiceError {
  return statusError('FAILED_PRECONDITION', message);
}

/** A referenced file that is deleted, expired, foreign or unknown: the public service's one answer for all. */
export function fileNotAccessible(id: string): ServiceError {
  return permissionDenied(`You do not have permission to access the File ${id} or it may not exist.`);
}
