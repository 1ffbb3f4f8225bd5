// openapi-typescript 7.13 reads the JSON pointers it builds as URI components (createRef -> parseRef ->
// decodeURIComponent) without encoding them, so a schema reached through a name holding a `%` that is no URI escape
// throws `URIError: URI malformed`, naming nothing. generate refuses such a document in one line naming each such
// name; a `%` followed by two hex digits, or one on a name nothing is nested under, is typed as written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stray-percent-names-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The package of the document, generated from a file as `generate --spec` reads it. */
function packageOf(name: string, spec: object) {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  return generatePackage({ key: name, spec: file }, { onWarning: () => {} });
}

function document(schemaName: string, propertyName: string) {
  return {
    openapi: '3.0.3',
    info: { title: 'percent', version: '1' },
    paths: {
      '/a': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': { schema: { $ref: `#/components/schemas/${encodeURIComponent(schemaName)}` } },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        [schemaName]: {
          type: 'object',
          properties: { [propertyName]: { type: 'object', properties: { n: { type: 'integer' } } } },
        },
      },
    },
  };
}

describe("a name holding a '%' that is no URI escape", () => {
  it('is refused in one line naming it, not with a bare URIError', async () => {
    const refused = await packageOf('stray', document('Rate%Limit', 'per%')).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(URIError);
    expect(refused!.message.split('\n')).toHaveLength(1);
    expect(refused!.message).toContain('"#/components/schemas/Rate%Limit"');
    expect(refused!.message).toContain('"#/components/schemas/Rate%Limit/properties/per%"');
  });

  it('is typed as written where the % is an escape', async () => {
    const files = await packageOf('escaped', document('Rate%20Limit', 'per%2F'));
    expect(files.get('types.ts')).toContain("'Rate%20Limit'");
  });
});
