// Errors in the service's Status shape, with the legacy `errors` items ({message, domain, reason, location,
// locationType}) that the public service's clients read.
import { statusError, type ServiceError } from '../../generated/analytics/server.js';

export function fail(status: string, message: string, reason: string, location?: string): ServiceError {
  const item: Record<string, unknown> = { message, domain: 'global', reason };
  if (location) Object.assign(item, { location, locationType: 'parameter' });
  return statusError(status, message, { errors: [item] });
}

export const invalid = (message: string, location?: string) => fail('INVALID_ARGUMENT', message, 'invalid', location);
export const required = (location: string) =>
  fail('INVALID_ARGUMENT', `Required parameter missing: ${location}`, 'required', location);
export const forbidden = (message = 'Forbidden') => fail('PERMISSION_DENIED', message, 'forbidden');
export const notFound = (message: string, location: string) => fail('NOT_FOUND', message, 'notFound', location);
/** The public service's message for a combination its report tables do not list, naming what was asked. */
export const unsupported = (why: string) =>
  fail(
    'INVALID_ARGUMENT',
    `The query is not supported. Check the documentation for a list of supported queries. (${why})`,
    'badRequest',
  );
