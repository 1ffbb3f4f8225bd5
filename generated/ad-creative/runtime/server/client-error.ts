// Copied from templates/runtime/server/client-error.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Bytes node:http cannot parse as a request (a body longer than its Content-Length read as a next request, a
// malformed request line, a bad chunk size) never reach the router: node:http raises 'clientError' on the
// server. Its default answer is a bare `400 Bad Request` written at once, which also cuts off an answer still
// being made for the connection's previous request. This answers in the service's own error shape instead, after
// the previous request's answer has gone out, then closes the connection (what follows cannot be framed).
import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorStyle, invalidRequest } from './errors.js';
import { writeError } from './write-answer.js';

/** What node:http hands a 'clientError' listener. */
export type ClientErrorListener = (error: Error & { code?: string }, socket: Duplex) => void;

/** The answer node:http would give these itself, kept: they are not the client's malformed bytes. */
const NODE_ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

export function clientErrorListener(style: ErrorStyle): ClientErrorListener {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const head = NODE_ANSWERS[error.code ?? ''];
    let written = false;
    const write = () => {
      if (written) return;
      written = true;
      if (!socket.writable) {
        socket.destroy();
        return;
      }
      if (head) {
        socket.end(`HTTP/1.1 ${head}\r\nConnection: close\r\n\r\n`);
        return;
      }
      const answer = invalidRequest(style, 'the request could not be read as HTTP/1.1');
      const body = JSON.stringify(answer.body);
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' };
      for (const [name, value] of Object.entries(answer.headers ?? {})) headers[name.toLowerCase()] = String(value);
      headers['content-length'] = String(Buffer.byteLength(body));
      headers.connection = 'close';
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
      socket.end(
        `HTTP/1.1 ${answer.httpStatus} ${STATUS_CODES[answer.httpStatus] ?? 'Bad Request'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`,
      );
    };
    // node:http's own handle on the answer in progress on this connection (what its default handler reads too).
    const current = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (!current || current.writableFinished) write();
    else if (current.req?.complete) {
      // The request before the bad bytes was whole: its answer goes out first.
      current.once('finish', write);
      current.once('close', write);
    } else if (!current.headersSent) {
      // The bad bytes are inside the request in progress (its body): that request is answered with the 400.
      written = true;
      current.once('finish', () => socket.end());
      current.setHeader('connection', 'close');
      writeError(current, invalidRequest(style, 'the request could not be read as HTTP/1.1'));
    } else socket.destroy();
  };
}
