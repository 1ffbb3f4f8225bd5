// A document's `$ref`s read nothing outside its own folder and fetch nothing unless the user allows it
// (`--allow-ref`), and a document past the size or node limits (a YAML alias bomb) is refused before anything
// walks it: each refusal is one line naming the `$ref`'s JSON pointer or the file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecFile } from '../../generator/model/load.js';
import { checkDocumentNodes, parseDocumentText } from '../../generator/model/parse-document.js';
import { ROOT } from '../../generator/model/root.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ref-confinement-'));
const specs = path.join(dir, 'specs');
const outside = path.join(dir, 'outside');
fs.mkdirSync(path.join(specs, 'parts'), { recursive: true });
fs.mkdirSync(outside);
const SECRET = 'secret-token-7f3a';
fs.writeFileSync(path.join(outside, 'creds.json'), JSON.stringify({ type: 'object', description: SECRET }));
fs.writeFileSync(path.join(specs, 'parts', 'thing.yaml'), 'type: object\ndescription: a thing\n');
fs.symlinkSync(path.join(outside, 'creds.json'), path.join(specs, 'parts', 'link.json'));

/** Hits on the two local servers: what a `$ref` made the loader fetch. */
const hits: string[] = [];
const servers: http.Server[] = [];
let allowed = '';
let other = '';

async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  other = await listen((req, res) => {
    hits.push(`other ${req.url}`);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ type: 'object', description: SECRET }));
  });
  allowed = await listen((req, res) => {
    hits.push(`allowed ${req.url}`);
    if (req.url === '/away.json') {
      res.writeHead(302, { location: `${other}/schema.json` });
      res.end();
    } else if (req.url === '/hop.json') {
      res.writeHead(302, { location: '/schema.json' });
      res.end();
    } else {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ type: 'object', description: 'remote' }));
    }
  });
});

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A document (written as JSON into specs/) whose one answer's schema is `{ $ref: ref }`. */
function specWith(name: string, ref: string): string {
  const file = path.join(specs, name);
  fs.writeFileSync(
    file,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/t': {
          get: {
            operationId: 'getT',
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: ref } } } } },
          },
        },
      },
    }),
  );
  return file;
}

const POINTER = '#/paths/~1t/get/responses/200/content/application~1json/schema';

async function refusal(file: string, allowRefs?: string[]): Promise<string> {
  const error = await loadSpecFile('t', file, { allowRefs }).then(
    () => undefined,
    (e: Error) => e,
  );
  expect(error, 'the load should have been refused').toBeInstanceOf(Error);
  return error!.message;
}

describe('a $ref to a file', () => {
  it('inside the document folder is read', async () => {
    const loaded = await loadSpecFile('t', specWith('inside.json', './parts/thing.yaml'));
    expect(JSON.stringify(loaded.document)).toContain('a thing');
  });

  for (const [name, ref] of [
    ['a climb out of the folder', '../outside/creds.json'],
    ['an absolute path', path.join(outside, 'creds.json')],
    ['a file: URL', `file://${path.join(outside, 'creds.json')}`],
    ['a symlink inside the folder to a file outside it', './parts/link.json'],
  ]) {
    it(`outside it, by ${name}, is refused in one line naming its pointer`, async () => {
      const message = await refusal(specWith('out.json', ref!));
      expect(message).not.toContain('\n');
      expect(message).toContain(POINTER);
      expect(message).toMatch(/outside the document's folder/);
      expect(message).not.toContain(SECRET);
    });
  }

  it('outside it is read when --allow-ref names its folder', async () => {
    const loaded = await loadSpecFile('t', specWith('allowed.json', '../outside/creds.json'), {
      allowRefs: [outside],
    });
    expect(JSON.stringify(loaded.document)).toContain(SECRET);
  });
});

describe('a $ref to a URL', () => {
  it('is refused without --allow-ref, and nothing is fetched', async () => {
    hits.length = 0;
    const message = await refusal(specWith('http.json', `${allowed}/schema.json`));
    expect(message).toContain(POINTER);
    expect(message).toContain(`--allow-ref ${allowed}`);
    expect(hits).toEqual([]);
  });

  it('of an allowed origin is fetched, following a redirect inside the origin', async () => {
    hits.length = 0;
    const loaded = await loadSpecFile('t', specWith('hop.json', `${allowed}/hop.json`), { allowRefs: [allowed] });
    expect(JSON.stringify(loaded.document)).toContain('remote');
    expect(hits).toEqual(['allowed /hop.json', 'allowed /schema.json']);
  });

  it('never follows a redirect to another origin', async () => {
    hits.length = 0;
    const message = await refusal(specWith('away.json', `${allowed}/away.json`), [allowed]);
    expect(message).toMatch(/redirects to another origin/);
    expect(hits).toEqual(['allowed /away.json']);
  });

  it('of another scheme is refused', async () => {
    expect(await refusal(specWith('data.json', 'data:application/json,{}'))).toMatch(/data: reference is refused/);
  });
});

describe('document limits', () => {
  it('refuse a YAML alias bomb within seconds and under 200 MB', async () => {
    const levels = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 9; i++) {
      const uses = Array.from({ length: 10 }, () => `*a${i - 1}`);
      levels.push(`a${i}: &a${i} [${uses.join(', ')}]`);
    }
    const bomb = path.join(specs, 'bomb.yaml');
    fs.writeFileSync(
      bomb,
      `openapi: 3.1.0\ninfo: {title: b, version: '1'}\nx-lol:\n${levels.map((l) => `  ${l}`).join('\n')}\npaths: {}\n`,
    );
    // A process of its own whose heap cannot pass 200 MB: it must refuse the document, not run out of memory.
    const script = `import('${path.join(ROOT, 'generator/model/load.ts')}').then((m) => m.loadSpecFile('b', ${JSON.stringify(bomb)})).then(() => console.log('LOADED'), (e) => console.log(e.message))`;
    const child = spawn(process.execPath, ['--max-old-space-size=200', '--import', 'tsx', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(output).toMatch(/bomb\.yaml holds more than [\d,]+ nodes \(YAML aliases counted at each use\): refused/);
  }, 60_000);

  it('count shared nodes at each use and stop at the limit', () => {
    const leaf = { a: 1, b: [1, 2, 3] };
    const shared = [leaf, leaf, leaf, leaf];
    expect(() => checkDocumentNodes('d', { x: [shared, shared] }, 100)).not.toThrow();
    expect(() => checkDocumentNodes('d', { x: [shared, shared] }, 40)).toThrow(/more than 40 nodes/);
  });

  it('read YAML as Redocly reads it (merge keys, no timestamps)', () => {
    const parsed = parseDocumentText('d.yaml', 'base: &b {a: 1}\nx:\n  <<: *b\n  c: 2\nwhen: 2024-01-01\n') as any;
    expect(parsed.x).toEqual({ a: 1, c: 2 });
    expect(parsed.when).toBe('2024-01-01');
  });

  it('refuse a text that is not one document, in one line naming the file', () => {
    expect(() => parseDocumentText('d.yaml', 'a: 1\n---\nb: 2\n')).toThrow(/d\.yaml holds 2 YAML documents/);
    expect(() => parseDocumentText('d.json', '{"a":')).toThrow(/^d\.json is not valid JSON/);
  });
});
