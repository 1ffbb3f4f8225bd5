// Logs of the reference: pino JSON lines (one object per line, parseable by any log tool). One line per
// request at debug level; failures (5xx answers, listener exceptions) at error level, so they show at
// every level but `silent`. Secrets never reach a log line: credential query values are masked and no
// header is logged (the redact paths cover error objects that carry a request).
import type http from 'node:http';
import pino, { type Logger } from 'pino';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Parameters that carry credentials in the three services (Graph token, API key, OAuth token, an upload session,
 * a media URL's signature), masked in the query and in a path segment's `;name=value` parameters alike.
 */
const SECRET_PARAMS = new Set(['access_token', 'key', 'api_key', 'token', 'client_secret', 'upload_id', 'sig']);

/** `name=value` with the value masked when the name, decoded, is a secret parameter's. */
function maskPair(pair: string): string {
  const eq = pair.indexOf('=');
  if (eq < 0) return pair;
  const rawName = pair.slice(0, eq);
  let name = rawName;
  try {
    name = decodeURIComponent(rawName.replace(/\+/g, ' '));
  } catch {
    // a malformed name is logged as sent (it carries no value we could leak)
  }
  return SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=[redacted]` : pair;
}

/** A path with the secret parameters of its segments (`/files/abc;key=...`) masked. */
function redactPath(path: string): string {
  if (!path.includes(';')) return path;
  return path
    .split('/')
    .map((segment) =>
      segment
        .split(';')
        .map((piece, i) => (i === 0 ? piece : maskPair(piece)))
        .join(';'),
    )
    .join('/');
}

export function createLogger(
  level: LogLevel = 'info',
  destination: pino.DestinationStream = pino.destination({ fd: 2, sync: true }),
): Logger {
  return pino(
    {
      level,
      base: { name: 'reference' },
      redact: {
        paths: ['req.headers.authorization', 'req.headers["x-goog-api-key"]', 'req.headers.cookie'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** The request target as logged: path and query, with credential values masked wherever they are. */
export function redactUrl(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  if (q < 0) return redactPath(url);
  const query = url
    .slice(q + 1)
    .split('&')
    .map(maskPair)
    .join('&');
  return `${redactPath(url.slice(0, q))}?${query}`;
}

/**
 * Wraps a listener: one log line per finished request, and a last-resort guard so that an exception that
 * escapes the service's router is logged and answered instead of killing the process.
 */
export function logRequests(inner: http.RequestListener, logger: Logger): http.RequestListener {
  return (req, res) => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const failed = res.statusCode >= 500;
      // The line (a masked copy of the URL) is built only when it is written: at the default level only failures are.
      if (!failed && !logger.isLevelEnabled('debug')) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        method: req.method,
        path: redactUrl(req.url),
        status: res.statusCode,
        ms: Math.round(ms * 100) / 100,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (failed) logger.error(line, 'request failed');
      else logger.debug(line, 'request');
    });
    try {
      const result = inner(req, res) as unknown;
      if (result && typeof (result as Promise<unknown>).catch === 'function')
        (result as Promise<unknown>).catch((error) => answerFailure(error, req, res, logger));
    } catch (error) {
      answerFailure(error, req, res, logger);
    }
  };
}

/** A listener's escaped exception: logged, and answered 500 unless the answer has begun (then the socket is cut). */
function answerFailure(error: unknown, req: http.IncomingMessage, res: http.ServerResponse, logger: Logger): void {
  logger.error({ err: error, method: req.method, path: redactUrl(req.url) }, 'unhandled error in request listener');
  if (!res.headersSent) {
    res.writeHead(500, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify({ error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } }));
  } else {
    res.destroy();
  }
}
