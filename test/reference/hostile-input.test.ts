// Bytes no spec would produce, sent to every decoder of the generated server under the three services: nesting
// past the spec's x-max-depth (JSON bodies, JSON-string form fields, multipart metadata), invalid UTF-8 and lone
// surrogates (JSON, form, multipart, query), numbers that only coercion reads (`0x0c`), non-text header bytes.
// Each is the service's documented 400 in its own shape, never a 500, and nothing is stored.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceSession } from '../../reference/index.js';

let session: ReferenceSession;
let gen = '';
let ads = '';
let ana = '';
beforeAll(async () => {
  session = await startReference(['ad-creative', 'analytics', 'generative']);
  gen = session.endpoints.generative!.baseUrl;
  ads = session.endpoints['ad-creative']!.baseUrl;
  ana = session.endpoints.analytics!.baseUrl;
}, 60_000);
afterAll(() => session?.stop());

const nested = (levels: number, leaf = '1') => '{"a":'.repeat(levels) + leaf + '}'.repeat(levels);
const GEN = { 'x-goog-api-key': 'test-api-key' };
const ADS = { authorization: 'Bearer test-token-admin' };
const ANA = { authorization: 'Bearer test-token-all-scopes' };

async function statusError(r: Response) {
  expect(r.status).toBe(400);
  const body = (await r.json()) as { error: { status: string; code: number } };
  expect(body.error.status).toBe('INVALID_ARGUMENT');
}
async function graphError(r: Response) {
  expect(r.status).toBe(400);
  const body = (await r.json()) as { error: { type: string; code: number; is_transient?: boolean } };
  expect(body.error.type).toBe('OAuthException');
  expect(body.error.code).toBe(100);
  expect(body.error.is_transient).toBeUndefined();
}
async function creativeCount(): Promise<number> {
  const r = await fetch(`${ads}/v20.0/act_1234567890/adcreatives?limit=100&summary=total_count`, { headers: ADS });
  return ((await r.json()) as { summary: { total_count: number } }).summary.total_count;
}
async function fileCount(): Promise<number> {
  const r = await fetch(`${gen}/v1beta/files?pageSize=100`, { headers: GEN });
  return (((await r.json()) as { files?: unknown[] }).files ?? []).length;
}

/** A request with the exact bytes given (fetch would re-encode a target or refuse header bytes). */
function raw(base: string, method: string, target: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const url = new URL(base);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: target,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('nesting past x-max-depth', () => {
  it('generative: a response schema 3,000 levels deep', async () => {
    const schema = '{"type":"ARRAY","items":'.repeat(3000) + '{"type":"STRING"}' + '}'.repeat(3000);
    const body = `{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"generationConfig":{"responseMimeType":"application/json","responseSchema":${schema}}}`;
    await statusError(
      await fetch(`${gen}/v1beta/models/text-model-1:generateContent`, {
        method: 'POST',
        headers: { ...GEN, 'content-type': 'application/json' },
        body,
      }),
    );
  });

  it('generative: functionCall.args 10,000 levels deep', async () => {
    const body = `{"contents":[{"role":"model","parts":[{"functionCall":{"name":"f","args":${nested(10_000)}}}]},{"role":"user","parts":[{"text":"hi"}]}]}`;
    await statusError(
      await fetch(`${gen}/v1beta/models/text-model-1:generateContent`, {
        method: 'POST',
        headers: { ...GEN, 'content-type': 'application/json' },
        body,
      }),
    );
  });

  it('generative: a multipart upload whose metadata part is 3,000 levels deep stores nothing', async () => {
    const before = await fileCount();
    const body = Buffer.from(
      `--B\r\nContent-Type: application/json\r\n\r\n{"file":${nested(3000)}}\r\n--B\r\nContent-Type: text/plain\r\n\r\nhello\r\n--B--\r\n`,
    );
    await statusError(
      await fetch(`${gen}/upload/v1beta/files`, {
        method: 'POST',
        headers: { ...GEN, 'content-type': 'multipart/related; boundary=B', 'x-goog-upload-protocol': 'multipart' },
        body,
      }),
    );
    expect(await fileCount()).toBe(before);
  });

  it('ad creative: a JSON-string form field 3,000 levels deep is invalid, not a transient 500', async () => {
    const before = await creativeCount();
    const body = new URLSearchParams({
      access_token: 'test-token-admin',
      name: 'deep',
      object_url: 'https://shop.example/deep',
      title: 'Deep',
      degrees_of_freedom_spec: nested(3000),
    });
    await graphError(await fetch(`${ads}/v20.0/act_1234567890/adcreatives`, { method: 'POST', body }));
    expect(await creativeCount()).toBe(before);
  });

  it('analytics: a group body 10,000 levels deep', async () => {
    const body = `{"snippet":{"title":"deep"},"contentDetails":${nested(10_000)}}`;
    await statusError(
      await fetch(`${ana}/v2/groups`, {
        method: 'POST',
        headers: { ...ANA, 'content-type': 'application/json' },
        body,
      }),
    );
  });

  it('a body at the limit still decodes (the limit refuses only what is deeper)', async () => {
    const r = await fetch(`${gen}/v1beta/models/text-model-1:generateContent`, {
      method: 'POST',
      headers: { ...GEN, 'content-type': 'application/json' },
      body: `{"contents":[{"role":"model","parts":[{"functionCall":{"name":"f","args":${nested(90)}}}]},{"role":"user","parts":[{"text":"hi"}]}]}`,
    });
    expect(r.status).toBe(200);
  });
});

describe('invalid bytes in each decoder', () => {
  it('generative: invalid UTF-8 in a JSON body', async () => {
    const body = Buffer.concat([
      Buffer.from('{"contents":[{"role":"user","parts":[{"text":"hi '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}]}]}'),
    ]);
    await statusError(
      await fetch(`${gen}/v1beta/models/text-model-1:generateContent`, {
        method: 'POST',
        headers: { ...GEN, 'content-type': 'application/json' },
        body,
      }),
    );
  });

  it('generative: a lone surrogate escaped in a JSON body', async () => {
    await statusError(
      await fetch(`${gen}/v1beta/models/text-model-1:generateContent`, {
        method: 'POST',
        headers: { ...GEN, 'content-type': 'application/json' },
        body: '{"contents":[{"role":"user","parts":[{"text":"hi \\ud800"}]}]}',
      }),
    );
  });

  it('generative: invalid UTF-8 in a multipart metadata part stores nothing', async () => {
    const before = await fileCount();
    const body = Buffer.concat([
      Buffer.from('--B\r\nContent-Type: application/json\r\n\r\n{"file":{"displayName":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}}\r\n--B\r\nContent-Type: text/plain\r\n\r\nhello\r\n--B--\r\n'),
    ]);
    await statusError(
      await fetch(`${gen}/upload/v1beta/files`, {
        method: 'POST',
        headers: { ...GEN, 'content-type': 'multipart/related; boundary=B', 'x-goog-upload-protocol': 'multipart' },
        body,
      }),
    );
    expect(await fileCount()).toBe(before);
  });

  it('ad creative: percent-encoded bytes that are not UTF-8 in a form field store nothing', async () => {
    const before = await creativeCount();
    await graphError(
      await fetch(`${ads}/v20.0/act_1234567890/adcreatives`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'access_token=test-token-admin&name=%ff%fe&object_url=https%3A%2F%2Fshop.example%2Fa&title=t',
      }),
    );
    expect(await creativeCount()).toBe(before);
  });

  it('ad creative: invalid UTF-8 in a multipart text field', async () => {
    const body = Buffer.concat([
      Buffer.from('--B\r\nContent-Disposition: form-data; name="name"\r\n\r\n'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from(
        '\r\n--B\r\nContent-Disposition: form-data; name="object_url"\r\n\r\nhttps://shop.example/m' +
          '\r\n--B\r\nContent-Disposition: form-data; name="title"\r\n\r\nt\r\n--B--\r\n',
      ),
    ]);
    await graphError(
      await fetch(`${ads}/v20.0/act_1234567890/adcreatives`, {
        method: 'POST',
        headers: { ...ADS, 'content-type': 'multipart/form-data; boundary=B' },
        body,
      }),
    );
  });

  it('analytics: invalid UTF-8 in a group title stores nothing', async () => {
    const list = async () => {
      const r = await fetch(`${ana}/v2/groups?mine=true`, { headers: ANA });
      return ((await r.json()) as { items: unknown[] }).items.length;
    };
    const before = await list();
    const body = Buffer.concat([
      Buffer.from('{"snippet":{"title":"bad '),
      Buffer.from([0xff]),
      Buffer.from('"},"contentDetails":{"itemType":"platform#video"}}'),
    ]);
    await statusError(
      await fetch(`${ana}/v2/groups`, {
        method: 'POST',
        headers: { ...ANA, 'content-type': 'application/json' },
        body,
      }),
    );
    expect(await list()).toBe(before);
  });

  it('analytics: a query value whose percent-encoding is not UTF-8', async () => {
    await statusError(await fetch(`${ana}/v2/groups?id=%ff`, { headers: ANA }));
  });

  it('generative: X-Goog-Upload-Offset 0x0c is no offset', async () => {
    const start = await fetch(`${gen}/upload/v1beta/files`, {
      method: 'POST',
      headers: {
        ...GEN,
        'content-type': 'application/json',
        'x-goog-upload-protocol': 'resumable',
        'x-goog-upload-command': 'start',
        'x-goog-upload-header-content-length': '24',
      },
      body: '{}',
    });
    const url = start.headers.get('x-goog-upload-url')!;
    const first = await fetch(url, {
      method: 'POST',
      headers: { 'x-goog-upload-command': 'upload', 'x-goog-upload-offset': '0' },
      body: 'twelve bytes',
    });
    expect(first.status).toBe(200);
    await statusError(
      await fetch(url, {
        method: 'POST',
        headers: { 'x-goog-upload-command': 'upload, finalize', 'x-goog-upload-offset': '0x0c' },
        body: 'twelve bytes',
      }),
    );
  });

  it('ad creative: a number parameter written as hex', async () => {
    await graphError(await fetch(`${ads}/v20.0/act_1234567890/adcreatives?limit=0x10`, { headers: ADS }));
  });

  it('generative: a credential header with bytes other than text', async () => {
    const r = await raw(gen, 'GET', '/v1beta/files', { 'x-goog-api-key': 'test-api-key\u00ff' });
    expect(r.status).toBe(400);
    expect(r.body.error.status).toBe('INVALID_ARGUMENT');
  });
});

describe('text limits count characters, not UTF-16 units', () => {
  const upload = (displayName: string) =>
    fetch(`${gen}/upload/v1beta/files`, {
      method: 'POST',
      headers: { ...GEN, 'content-type': 'multipart/related; boundary=B', 'x-goog-upload-protocol': 'multipart' },
      body: `--B\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ file: { displayName } })}\r\n--B\r\nContent-Type: text/plain\r\n\r\nhello\r\n--B--\r\n`,
    });

  it('generative: a displayName of 512 emoji (1,024 UTF-16 units) is stored; 513 are refused', async () => {
    const ok = await upload('😀'.repeat(512));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { file: { displayName: string } }).file.displayName).toBe('😀'.repeat(512));
    const before = await fileCount();
    const refused = await upload('😀'.repeat(513));
    expect(refused.status).toBe(400);
    expect(await fileCount()).toBe(before);
  });

  it('ad creative: a name of 100 emoji is a valid name; 101 are refused', async () => {
    const create = (name: string) =>
      fetch(`${ads}/v20.0/act_1234567890/adcreatives`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `access_token=test-token-admin&name=${encodeURIComponent(name)}&object_url=https%3A%2F%2Fshop.example%2Fa&title=t`,
      });
    const ok = await create('😀'.repeat(100));
    expect(ok.status).toBe(200);
    const refused = await create('😀'.repeat(101));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(100);
  });
});

describe("generative: fileData.fileUri names one of the caller's files by its path, whatever host it names", () => {
  it("answers for the file's uri through any host (a proxy's, a balancer's); another path or another project's file is refused", async () => {
    const uploaded = await fetch(`${gen}/upload/v1beta/files`, {
      method: 'POST',
      headers: { ...GEN, 'content-type': 'text/plain' },
      body: 'the file',
    });
    const { file } = (await uploaded.json()) as { file: { uri: string; name: string } };
    const id = file.name.replace('files/', '');
    const generate = (fileUri: string, headers: Record<string, string> = GEN) =>
      fetch(`${gen}/v1beta/models/text-model-1:generateContent`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          contents: [{ role: 'user', parts: [{ fileData: { fileUri, mimeType: 'text/plain' } }] }],
        }),
      });
    const gen2 = new URL(gen);
    for (const own of [
      file.uri,
      `https://proxy.example/v1beta/files/${id}`,
      `http://${gen2.hostname}:${Number(gen2.port) + 1}/v1beta/files/${id}`,
      `https://gateway.example/generative/v1beta/files/${id}`,
    ])
      expect([own, (await generate(own)).status]).toEqual([own, 200]);
    for (const other of [`${gen}/elsewhere/files/${id}`, `files/${id}`, `ftp://proxy.example/v1beta/files/${id}`]) {
      const r = await generate(other);
      expect([other, r.status]).toEqual([other, 400]);
      expect(((await r.json()) as { error: { status: string; message: string } }).error).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: expect.stringContaining('Unsupported file uri'),
      });
    }
    // The host never reaches another project's files: its key gets the answer of a file it does not have.
    const foreign = await generate(`https://proxy.example/v1beta/files/${id}`, { 'x-goog-api-key': 'second-api-key' });
    expect(foreign.status).toBe(403);
  });
});
