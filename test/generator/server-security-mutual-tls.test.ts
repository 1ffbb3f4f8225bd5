// A mutualTLS security scheme is the transport's: the generated server meets it when the request's own TLS socket
// verified the client's certificate against the CAs it trusts, or, behind a TLS-terminating proxy, when the
// router's clientCertificate hook vouches for one; over plain HTTP without the hook, never. Real TLS: a CA, a
// server and two client certificates are made by openssl when the test starts.
import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'mtls', version: '1' },
  paths: {
    '/whoami': {
      get: {
        operationId: 'whoami',
        security: [{ clientCert: [] }],
        responses: { '200': { description: 'the certificate', content: { 'application/json': { schema: {} } } } },
      },
    },
  },
  components: { securitySchemes: { clientCert: { type: 'mutualTLS' } } },
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-tls-'));
const file = (name: string) => path.join(tmp, name);
const read = (name: string) => fs.readFileSync(file(name));

function openssl(...args: string[]): void {
  const run = spawnSync('openssl', args, { cwd: tmp, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${run.stderr || run.error}`);
}

/** A key and a certificate for `name`, signed by the CA `ca` (self-signed when absent). */
function certificate(name: string, ca?: string, extensions?: string): void {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${name}.key`];
  if (!ca) {
    openssl('req', '-x509', ...ec, '-out', `${name}.crt`, '-subj', `/CN=${name}`, '-days', '1');
    return;
  }
  openssl('req', ...ec, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
  if (extensions) fs.writeFileSync(file(`${name}.ext`), extensions);
  openssl(
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.crt`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-out',
    `${name}.crt`,
    '-days',
    '1',
    ...(extensions ? ['-extfile', `${name}.ext`] : []),
  );
}

let pkg: InlinePackage;
const servers: Array<http.Server> = [];

async function listen(server: http.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** The status and body of GET /whoami on `port`, over TLS with the given client certificate, or plain HTTP. */
function whoami(
  port: number,
  tls: { client?: string } | false,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path: '/whoami', headers };
    const done = (res: http.IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    };
    const req = tls
      ? https.get(
          {
            ...options,
            ca: read('ca.crt'),
            ...(tls.client ? { key: read(`${tls.client}.key`), cert: read(`${tls.client}.crt`) } : {}),
          },
          done,
        )
      : http.get(options, done);
    req.on('error', reject);
  });
}

const handlers = {
  whoami: async (input: { credentials: { clientCertificate?: string; schemes?: Record<string, string> } }) => ({
    status: 200,
    body: { certificate: input.credentials.clientCertificate, scheme: input.credentials.schemes?.clientCert },
  }),
};

beforeAll(async () => {
  certificate('ca');
  certificate('server', 'ca', 'subjectAltName=IP:127.0.0.1\n');
  certificate('client', 'ca');
  // A certificate no CA the server trusts signed.
  certificate('stranger');
  pkg = await inlinePackage('mtls', DOCUMENT);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  pkg?.remove();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a mutualTLS security scheme', () => {
  it('is met by a client certificate the TLS socket verified; the handler sees its fingerprint', async () => {
    const router = pkg.server.createMtlsServer(handlers, { logger: false });
    const port = await listen(
      https.createServer(
        {
          key: read('server.key'),
          cert: read('server.crt'),
          ca: read('ca.crt'),
          requestCert: true,
          rejectUnauthorized: false,
        },
        router,
      ),
    );
    const fingerprint = new X509Certificate(read('client.crt')).fingerprint256;
    expect(await whoami(port, { client: 'client' })).toEqual({
      status: 200,
      body: JSON.stringify({ certificate: fingerprint, scheme: fingerprint }),
    });
    // No certificate, or one no trusted CA signed: the router's own 401.
    expect((await whoami(port, {})).status).toBe(401);
    expect((await whoami(port, { client: 'stranger' })).status).toBe(401);
  });

  it('over plain HTTP: never met without the hook; met where the clientCertificate hook vouches for one', async () => {
    const plain = await listen(http.createServer(pkg.server.createMtlsServer(handlers, { logger: false })));
    expect((await whoami(plain, false, { 'x-client-verified': 'CN=client' })).status).toBe(401);
    // Behind a TLS-terminating proxy: the identity the proxy passes on, in a header only it sets.
    const proxied = await listen(
      http.createServer(
        pkg.server.createMtlsServer(handlers, {
          logger: false,
          clientCertificate: (req: http.IncomingMessage) => req.headers['x-client-verified'] as string | undefined,
        }),
      ),
    );
    expect(await whoami(proxied, false, { 'x-client-verified': 'CN=client' })).toEqual({
      status: 200,
      body: JSON.stringify({ certificate: 'CN=client', scheme: 'CN=client' }),
    });
    expect((await whoami(proxied, false)).status).toBe(401);
  });
});
