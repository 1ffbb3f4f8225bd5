// What the reports and the console print goes through one redaction: every configured credential in every
// spelling a target may echo it in, URL userinfo, and credential parameters whatever their value.
import { describe, expect, it } from 'vitest';
import { redactDeep, redactError, redactor, secretValues } from '../../contracts/harness/redact.js';
import { DEFAULT_FIXTURES, mergeFixtures } from '../../contracts/targets/fixtures.js';

describe('secretValues', () => {
  it('takes every token and key of the fixtures, and nothing else', () => {
    const fixtures = mergeFixtures({
      generative: { apiKey: 'gen-key-1', invalidApiKey: 'bad-key-2', otherProjectApiKey: 'other-3', model: 'm-model' },
      'ad-creative': { accessToken: 'adc-token', noAccessToken: 'adc-none', adAccountId: '123456' },
      analytics: { readonlyToken: 'ana-ro', channelId: 'UCchannel', videoIds: ['v1', 'v2'] },
    });
    expect(secretValues(fixtures).sort()).toEqual(
      ['adc-none', 'adc-token', 'ana-ro', 'bad-key-2', 'gen-key-1', 'other-3'].sort(),
    );
  });

  it('knows the default fixtures the project sends to its own targets', () => {
    expect(secretValues(DEFAULT_FIXTURES)).toContain(DEFAULT_FIXTURES.generative.apiKey);
  });
});

describe('redactor', () => {
  const secret = 'pa ss/w+rd&"x"';
  const redact = redactor([secret, 'plain-token-42']);

  it.each([
    ['as is', `message: bad key ${secret}`],
    ['percent-encoded', `next: http://h/p?x=${encodeURIComponent(secret)}`],
    ['form-encoded', `body: ${new URLSearchParams({ t: secret }).toString()}`],
    ['inside JSON', JSON.stringify({ error: { message: `auth=Bearer ${secret}` } })],
    ['twice on a line', 'plain-token-42 and plain-token-42'],
  ])('blanks a secret %s', (_, text) => {
    const out = redact(text);
    expect(out).not.toContain('plain-token-42');
    expect(out).not.toContain('pa ss');
    expect(out).not.toContain(encodeURIComponent(secret));
    expect(out).toContain('***');
  });

  it('blanks URL userinfo and credential parameters whatever their value', () => {
    expect(redact('the target http://user:hunter2@127.0.0.1:1/x does not answer')).toBe(
      'the target http://***@127.0.0.1:1/x does not answer',
    );
    expect(redact('GET /v1/a?access_token=unconfigured&fields=id;key=zz')).toBe(
      'GET /v1/a?access_token=***&fields=id;key=***',
    );
  });

  it('leaves text without secrets as it is', () => {
    expect(redact('HTTP 400 INVALID_ARGUMENT: contents is required')).toBe(
      'HTTP 400 INVALID_ARGUMENT: contents is required',
    );
  });

  it('redacts every string of a report value, keys and numbers kept', () => {
    const out = redactDeep({ detail: `key ${secret}`, tests: [{ exchange: 'plain-token-42', durationMs: 3 }] }, redact);
    expect(out).toEqual({ detail: 'key ***', tests: [{ exchange: '***', durationMs: 3 }] });
  });
});

describe('redactError', () => {
  const redact = redactor(['echoed-secret']);

  it('takes the secret out of what a runner prints of an error, and leaves the values it held as they were', () => {
    const fixture = { apiKey: 'echoed-secret' };
    const error = Object.assign(new Error('bad key echoed-secret'), {
      actual: { message: 'key=echoed-secret', list: ['echoed-secret'] },
      expected: fixture,
      body: 'echoed-secret',
      cause: new Error('caused by echoed-secret'),
    });
    expect(redactError(error, redact)).toBe(error);
    const printed = `${error.message}\n${error.stack}\n${JSON.stringify(error)}\n${(error.cause as Error).message}`;
    expect(printed).not.toContain('echoed-secret');
    expect(error.actual).toEqual({ message: 'key=***', list: ['***'] });
    expect(fixture.apiKey).toBe('echoed-secret');
  });

  it('ends on an error that is its own cause and a value that holds itself', () => {
    const error: Error & { self?: unknown } = new Error('echoed-secret', {});
    const loop: Record<string, unknown> = { text: 'echoed-secret' };
    loop.loop = loop;
    error.cause = error;
    error.self = loop;
    redactError(error, redact);
    expect(error.message).toBe('***');
    expect((error.self as Record<string, unknown>).text).toBe('***');
  });
});
