// docs/diff.md lists every check of the registry with its levels: a check added without its line fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS, SCHEMA_CHANGES } from '../../../generator/diff/checks.js';
import { ROOT } from '../../../generator/model/index.js';

const SCHEMA_CHECK = /^(request|response)\.(body|property|parameter|parameter-property|header)\.(.+)$/;

describe('docs/diff.md', () => {
  const page = fs.readFileSync(path.join(ROOT, 'docs', 'diff.md'), 'utf8');
  it('lists every schema change with its request and response levels', () => {
    for (const [change, [request, response]] of Object.entries(SCHEMA_CHANGES))
      expect(page, change).toContain(`| \`${change}\` | ${request} | ${response} |`);
  });
  it('lists every other check with its level', () => {
    for (const check of CHECKS.values()) {
      const schema = SCHEMA_CHECK.exec(check.id);
      if (schema && SCHEMA_CHANGES[schema[3]!]) continue;
      expect(page, check.id).toContain(`| \`${check.id}\` | ${check.level} |`);
    }
  });
});
