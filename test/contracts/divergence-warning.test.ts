// A rule the service document states in words but the public service does not keep (GEN-TOOLS-1: "Only Function
// tools are supported", where the public service answers web-search tools): a third party as lenient as the
// public service gets a warning under the rule, not a FAIL; run strict (as our own targets are), it fails.
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { ownFixturesConfig, runSuite, type Verdict } from '../support/contract-run.js';
import { serveAll, type ServedReference } from '../support/served-reference.js';

const KNOWN_TOOLS = ['functionDeclarations', 'function_declarations', 'codeExecution', 'code_execution'];

/** The reference behind a proxy that answers tools of other kinds as the public service does: it ignores them. */
function lenientProxy(target: string): http.RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      let body: Buffer | undefined = chunks.length ? Buffer.concat(chunks) : undefined;
      if (body && req.url?.includes(':generateContent')) {
        const json = JSON.parse(body.toString());
        json.tools = json.tools?.filter((tool: object) => Object.keys(tool).some((k) => KNOWN_TOOLS.includes(k)));
        if (!json.tools?.length) delete json.tools;
        body = Buffer.from(JSON.stringify(json));
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k)),
      ) as Record<string, string>;
      const answer = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: body && new Uint8Array(body),
      });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  };
}

const toolsRule = (verdicts: Verdict[]) => verdicts.find((v) => v.ruleId === 'GEN-TOOLS-1')!;

describe('GEN-TOOLS-1 on a target as lenient as the public service', () => {
  let reference: ServedReference;
  let proxy: RunningServer;
  let lenient: Verdict[];
  let strict: Verdict[];

  beforeAll(async () => {
    reference = await serveAll('divergence-', ['generative']);
    proxy = await listenLocal(lenientProxy(reference.urls.generative!));
    const args = [
      '--target',
      proxy.baseUrl,
      '--service',
      'generative',
      '--rule',
      'GEN-TOOLS-1',
      ...ownFixturesConfig(),
    ];
    // The two runs at once: GEN-TOOLS-1 keeps no state between its requests, so neither run sees the other's.
    [lenient, strict] = (
      await Promise.all([runSuite(args, 'lenient proxy'), runSuite([...args, '--strict'], 'lenient proxy, strict')])
    ).map((run) => run.verdicts);
  }, 600_000);
  afterAll(async () => {
    await proxy?.close();
    await reference?.stop();
  });

  it('is a warning naming the public service, not a FAIL', () => {
    const rule = toolsRule(lenient);
    expect(rule.verdict).not.toBe('fail');
    const warnings = rule.tests.flatMap((t) => t.warnings ?? []);
    expect(warnings.join('\n')).toContain('the public service is more lenient');
  });

  it('fails when the suite runs strict', () => {
    expect(toolsRule(strict).verdict).toBe('fail');
  });
});
