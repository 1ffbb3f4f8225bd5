// Two different credentials in one request (query token vs header vs form field; x-goog-api-key vs ?key; a
// credential's query parameter given twice with two values) are refused as an invalid request in the service's
// shape, never resolved in silence; the same credential in two places is accepted.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceSession } from '../../reference/index.js';

let session: ReferenceSession;
let gen = '';
let ads = '';
let analytics = '';
beforeAll(async () => {
  session = await startReference(['ad-creative', 'generative', 'analytics']);
  gen = session.endpoints.generative!.baseUrl;
  ads = session.endpoints['ad-creative']!.baseUrl;
  analytics = session.endpoints.analytics!.baseUrl;
}, 60_000);
afterAll(() => session?.stop());

const CREATIVE = '120330000008134415';
const REPORT = 'ids=channel%3D%3DMINE&startDate=2024-01-01&endDate=2024-01-31&metrics=views';

/** A GET sending each header line as given (fetch joins a repeated header into one line; node:http sends each). */
function getWithHeaders(url: string, headers: Record<string, string | string[]>): Promise<Response> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode })));
      })
      .on('error', reject);
  });
}

async function graph400(r: Response) {
  expect(r.status).toBe(400);
  const body = (await r.json()) as { error: { type: string; code: number; message: string } };
  expect(body.error.type).toBe('OAuthException');
  expect(body.error.code).toBe(100);
  expect(body.error.message).toMatch(/Conflicting credentials/);
}
async function status400(r: Response) {
  expect(r.status).toBe(400);
  const body = (await r.json()) as { error: { status: string; message: string } };
  expect(body.error.status).toBe('INVALID_ARGUMENT');
  expect(body.error.message).toMatch(/Conflicting credentials/);
}

describe('ad creative', () => {
  it('refuses a query token beside a different bearer token (either one valid)', async () => {
    await graph400(
      await fetch(`${ads}/v20.0/${CREATIVE}?fields=name&access_token=test-token-admin`, {
        headers: { authorization: 'Bearer test-token-globex' },
      }),
    );
  });

  it('refuses a form token beside a different query token, and stores nothing', async () => {
    const count = async () => {
      const r = await fetch(
        `${ads}/v20.0/act_1234567890/adcreatives?summary=total_count&access_token=test-token-admin`,
      );
      return ((await r.json()) as { summary: { total_count: number } }).summary.total_count;
    };
    const before = await count();
    await graph400(
      await fetch(`${ads}/v20.0/act_1234567890/adcreatives?access_token=test-token-dev-app`, {
        method: 'POST',
        body: new URLSearchParams({
          access_token: 'test-token-admin',
          name: 'Two tokens',
          object_url: 'https://shop.example/two',
          title: 'Two',
        }),
      }),
    );
    expect(await count()).toBe(before);
  });

  it('refuses two different values of access_token in the query', async () => {
    await graph400(
      await fetch(`${ads}/v20.0/${CREATIVE}?fields=name&access_token=test-token-admin&access_token=test-token-globex`),
    );
  });

  it('accepts the same token in the query and the header', async () => {
    const r = await fetch(`${ads}/v20.0/${CREATIVE}?fields=name&access_token=test-token-admin`, {
      headers: { authorization: 'Bearer test-token-admin' },
    });
    expect(r.status).toBe(200);
  });
});

describe('two Authorization headers (node:http keeps only the first: read from rawHeaders)', () => {
  it('ad creative refuses two different bearer tokens, accepts the same one twice', async () => {
    const url = `${ads}/v20.0/${CREATIVE}?fields=name`;
    await graph400(
      await getWithHeaders(url, { authorization: ['Bearer test-token-admin', 'Bearer test-token-globex'] }),
    );
    const same = await getWithHeaders(url, { authorization: ['Bearer test-token-admin', 'Bearer test-token-admin'] });
    expect(same.status).toBe(200);
  });

  it('analytics refuses two different bearer tokens', async () => {
    await status400(
      await getWithHeaders(`${analytics}/v2/reports?${REPORT}`, {
        authorization: ['Bearer test-token-all-scopes', 'Bearer test-token-analytics-readonly'],
      }),
    );
  });
});

describe('analytics', () => {
  it('refuses an access_token query parameter naming another token than the bearer', async () => {
    await status400(
      await fetch(`${analytics}/v2/reports?${REPORT}&access_token=test-token-analytics-readonly`, {
        headers: { authorization: 'Bearer test-token-all-scopes' },
      }),
    );
    // Its name percent-encoded is the same parameter.
    await status400(
      await fetch(`${analytics}/v2/groups?access%5Ftoken=test-token-analytics-readonly`, {
        headers: { authorization: 'Bearer test-token-all-scopes' },
      }),
    );
  });

  it('accepts the same token in the query and the header', async () => {
    const r = await fetch(`${analytics}/v2/reports?${REPORT}&access_token=test-token-all-scopes`, {
      headers: { authorization: 'Bearer test-token-all-scopes' },
    });
    expect(r.status).toBe(200);
  });
});

describe('ad creative: a Bearer header with bytes after its token', () => {
  // A wrong token (190), not a missing one (104): the header carries something, and it is not a valid token.
  for (const header of ['Bearer test-token-admin xyz', 'Bearer test-token-admin\tx', 'bearer  a b c']) {
    it(`answers 190 for ${JSON.stringify(header)}`, async () => {
      const r = await fetch(`${ads}/v20.0/${CREATIVE}?fields=name`, { headers: { authorization: header } });
      expect(r.status).toBe(400);
      const body = (await r.json()) as { error: { type: string; code: number } };
      expect(body.error).toMatchObject({ type: 'OAuthException', code: 190 });
    });
  }

  it('still answers 104 for a Bearer header without a token, and 200 for a token with trailing spaces', async () => {
    const empty = await fetch(`${ads}/v20.0/${CREATIVE}?fields=name`, { headers: { authorization: 'Bearer ' } });
    expect(((await empty.json()) as { error: { code: number } }).error.code).toBe(104);
    const spaced = await fetch(`${ads}/v20.0/${CREATIVE}?fields=name`, {
      headers: { authorization: 'Bearer test-token-admin  ' },
    });
    expect(spaced.status).toBe(200);
  });
});

describe('generative', () => {
  it('refuses x-goog-api-key beside a different ?key', async () => {
    await status400(
      await fetch(`${gen}/v1beta/files?key=second-api-key`, { headers: { 'x-goog-api-key': 'test-api-key' } }),
    );
  });

  it('refuses ?key given twice with two values', async () => {
    await status400(await fetch(`${gen}/v1beta/files?key=test-api-key&key=second-api-key`));
  });

  it('accepts the same key in the header and the query', async () => {
    const r = await fetch(`${gen}/v1beta/files?key=test-api-key`, { headers: { 'x-goog-api-key': 'test-api-key' } });
    expect(r.status).toBe(200);
  });
});
