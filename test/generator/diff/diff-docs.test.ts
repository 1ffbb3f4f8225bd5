// docs/diff.md lists every check of the registry with its levels: a check added without its line fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS, SCHEMA_CHANGES } from '../../../generator/diff/checks.js';
import { ROOT } from '../../../generator/model/index.js';

const SCHEMA_CHECK = /^(request|response)\.(body|property|parameter|parameter-property|header)\.(.+)$/;
const RECEIVER_CHECK = /^(webhook|callback)\.((request|response)\..+)$/;

describe('docs/diff.md', () => {
  const page = fs.readFileSync(path.join(ROOT, 'docs', 'diff.md'), 'utf8');
  it('lists every schema change with its request and response levels', () => {
    for (const [change, [request, response]] of Object.entries(SCHEMA_CHANGES))
      expect(page, change).toContain(`| \`${change}\` | ${request} | ${response} |`);
  });
  it("says a webhook's or callback's checks take the other direction's level, and they do", () => {
    expect(page).toContain('prefixed `webhook.` or `callback.`');
    let receivers = 0;
    for (const check of CHECKS.values()) {
      const receiver = RECEIVER_CHECK.exec(check.id);
      if (!receiver) continue;
      receivers++;
      const own = receiver[2]!;
      const twin = CHECKS.get(own.replace(/^(request|response)/, (d) => (d === 'request' ? 'response' : 'request')));
      expect(check.level, check.id).toBe((twin ?? CHECKS.get(own)!).level);
    }
    expect(CHECKS.get('webhook.request.property.added-required')!.level).toBe('info');
    expect(CHECKS.get('webhook.request.property.removed-required')!.level).toBe('error');
    expect(receivers).toBeGreaterThan(100);
  });
  it('lists every other check with its level', () => {
    for (const check of CHECKS.values()) {
      if (RECEIVER_CHECK.test(check.id)) continue;
      const schema = SCHEMA_CHECK.exec(check.id);
      if (schema && SCHEMA_CHANGES[schema[3]!]) continue;
      expect(page, check.id).toContain(`| \`${check.id}\` | ${check.level} |`);
    }
  });
});
