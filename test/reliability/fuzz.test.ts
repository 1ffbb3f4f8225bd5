// A 1,000-request sample per service of the schema-derived fuzzer (contracts/fuzz/) against the embedded
// reference: no 5xx, every refusal in the service's error shape with a documented status, the service alive
// afterwards and its stored state unchanged by the refused writes. `npm run fuzz` runs any size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRequests, MUTATIONS } from '../../contracts/fuzz/requests.js';
import { describeRequest, formatResult, runFuzz } from '../../contracts/fuzz/run.js';
import { fuzzService, shapeProblem } from '../../contracts/fuzz/services.js';
import { fuzzOperations } from '../../contracts/fuzz/spec.js';
import { startReferenceTarget, type ReferenceTargetSession } from '../../contracts/targets/reference.js';
import { generatedSpec } from '../../generator/model/index.js';
import type { ServiceKey } from '../../reference/index.js';

const SEED = 20261123;
const SERVICES: ServiceKey[] = ['ad-creative', 'analytics', 'generative'];
let session: ReferenceTargetSession;

beforeAll(async () => {
  session = await startReferenceTarget(SERVICES);
});
afterAll(async () => {
  await session?.stop();
});

describe('fuzz: schema-derived invalid requests', () => {
  it('are reproducible: the same seed gives the same requests', () => {
    const spec = generatedSpec('analytics');
    const profile = fuzzService('analytics', session.fixtures);
    const a = generateRequests(spec.document, fuzzOperations(spec), profile, 50, SEED).map(describeRequest);
    const b = generateRequests(spec.document, fuzzOperations(spec), profile, 50, SEED).map(describeRequest);
    const c = generateRequests(spec.document, fuzzOperations(spec), profile, 50, SEED + 1).map(describeRequest);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  for (const key of SERVICES) {
    it(`${key}: 1,000 requests, no 5xx, all refusals in the service's shape and documented, alive and unchanged`, async () => {
      const result = await runFuzz({
        service: fuzzService(key, session.fixtures),
        baseUrl: session.endpoints[key]!.baseUrl,
        count: 1000,
        seed: SEED,
      });
      const report = formatResult(result);
      expect(
        result.violations.map((v) => `${v.problem}: ${describeRequest(v.request)} -> ${v.answer}`),
        report,
      ).toEqual([]);
      expect(result.alive, report).toBe(true);
      // Every mutation kind was sent, and most requests were refused (the sample is not all accepted noise).
      expect(result.byMutation.size, report).toBe(MUTATIONS.length);
      const refused = [...result.distribution.entries()]
        .filter(([k]) => !k.includes('accepted'))
        .reduce((n, [, c]) => n + c, 0);
      expect(refused, report).toBeGreaterThanOrEqual(950);
      // Only a value the service may take as it is (an out-of-range value of a member it ignores, a valid request
      // under a crafted Host) may be accepted; without such a write the stored state was compared, and it is unchanged.
      expect(
        result.acceptedWrites.filter((r) => !['out-of-range', 'crafted-host'].includes(r.planted)).map(describeRequest),
        report,
      ).toEqual([]);
      if (result.acceptedWrites.length === 0) expect(result.stateUnchanged, report).toBe(true);
    }, 120_000);
  }
});

describe('fuzz: defects it found stay fixed', () => {
  // A target whose first path segment is empty once made new URL(target, base) read it as a host and throw:
  // 500 code 1 from the router, 500 without a body from the ad-creative media server.
  it.each([
    ['ad-creative', '//111222333444/promotable_posts?access_token=test-token-admin'],
    ['ad-creative', '//120330000008134415?access_token=test-token-admin'],
    ['analytics', '//v2/groups?mine=true'],
    ['generative', '//v1beta/files'],
  ] as const)('%s %s: the documented refusal in the service shape', async (key, target) => {
    const service = fuzzService(key, session.fixtures);
    const url = new URL(session.endpoints[key]!.baseUrl);
    const http = await import('node:http');
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers: Record<string, string> = {};
      service.authenticate('valid', new URLSearchParams(), headers);
      http
        .get({ host: url.hostname, port: url.port, path: target, headers }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
    expect(answer.status).toBeLessThan(500);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(shapeProblem(service.errorStyle, answer.status, JSON.parse(answer.body))).toBeUndefined();
  });
});

describe('fuzz: the judge', () => {
  it('reports a 5xx, an answer outside the error shape, and an undocumented status', async () => {
    // Analytics with planted wire defects: a crash on huge headers, a bare-text refusal of PROPFIND, and a
    // Status-shaped 418 for malformed JSON bodies.
    const broken = await startReferenceTarget(['analytics'], {
      logLevel: 'silent',
      wrap: {
        analytics: (inner) => (req, res) => {
          if (req.headers['x-fuzz-padding'])
            return void res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
          if (req.method === 'PROPFIND')
            return void res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
          if (req.method === 'TRACE')
            return void res
              .writeHead(418, { 'content-type': 'application/json' })
              .end(JSON.stringify({ error: { code: 418, message: 'teapot', status: 'TEAPOT' } }));
          return inner(req, res);
        },
      },
    });
    try {
      const result = await runFuzz({
        service: fuzzService('analytics', broken.fixtures),
        baseUrl: broken.endpoints.analytics!.baseUrl,
        count: 400,
        seed: SEED,
      });
      const problems = result.violations.map((v) => `${v.request.mutation} ${v.request.method}: ${v.problem}`);
      expect(problems.some((p) => p.startsWith('huge-header') && p.includes('answered 500'))).toBe(true);
      expect(problems.some((p) => p.includes('PROPFIND: answer is not JSON'))).toBe(true);
      expect(problems.some((p) => p.includes('TRACE: status 418 is not documented'))).toBe(true);
      // Nothing else is reported: the rest of the batch reached the real service.
      expect(
        problems.every((p) => p.startsWith('huge-header') || p.includes('PROPFIND') || p.includes('TRACE')),
        problems.join('\n'),
      ).toBe(true);
    } finally {
      await broken.stop();
    }
  }, 120_000);

  it('reports a crafted Host echoed, a hostile defect accepted, and a stored read broken by an accepted write', async () => {
    // Generative with planted wire defects: the Host header echoed into every answer, conflicting credentials
    // accepted (answered 200 before the router sees them), and the file list broken once a write was accepted.
    let broke = false;
    const broken = await startReferenceTarget(['generative'], {
      logLevel: 'silent',
      wrap: {
        generative: (inner) => (req, res) => {
          const url = new URL(req.url ?? '/', 'http://x');
          if (req.headers['x-goog-api-key'] && url.searchParams.get('key'))
            return void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
          if (broke && req.method === 'GET' && url.pathname === '/v1beta/files')
            return void res
              .writeHead(400, { 'content-type': 'application/json' })
              .end(JSON.stringify({ error: { code: 400, message: 'broken', status: 'INVALID_ARGUMENT' } }));
          if (req.method !== 'GET') res.on('finish', () => (broke ||= res.statusCode < 300));
          res.setHeader('x-echo-host', String(req.headers.host));
          return inner(req, res);
        },
      },
    });
    try {
      const result = await runFuzz({
        service: fuzzService('generative', broken.fixtures),
        baseUrl: broken.endpoints.generative!.baseUrl,
        count: 600,
        seed: SEED,
      });
      const problems = result.violations.map((v) => `${v.request.mutation}: ${v.problem}`);
      expect(problems.some((p) => p.startsWith('crafted-host: the crafted Host header reached the answer'))).toBe(true);
      expect(problems.some((p) => p.startsWith('conflicting-credentials: accepted (200)'))).toBe(true);
      expect(problems.some((p) => p.includes('a stored read broke after this write was accepted'))).toBe(true);
    } finally {
      await broken.stop();
    }
  }, 120_000);
});
