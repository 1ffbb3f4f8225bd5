// Sends a fuzz request byte for byte with node:http (fetch would normalise a bad percent-encoding or refuse a
// method), on the batch's kept-alive connections, and reads the whole answer. Loopback only.
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface RawRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export function send(baseUrl: string, request: RawRequest, agent: http.Agent, timeoutMs = 30_000): Promise<Answer> {
  const url = new URL(baseUrl);
  const headers: Record<string, string> = { ...request.headers };
  // A declared length the body does not have: the server must refuse it by the header alone.
  const declared = headers['content-length-declared'];
  delete headers['content-length-declared'];
  if (declared) headers['content-length'] = declared;
  else if (request.body) headers['content-length'] = String(request.body.length);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.target,
        headers,
        // Every request on the batch's kept-alive connections, the refused ones too: a server that cuts a
        // connection with a request or an answer still on it shows as a request without an answer.
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    if (request.body && !declared) req.end(request.body);
    else req.end();
  });
}
