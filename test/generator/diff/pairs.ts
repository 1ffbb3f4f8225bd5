// Document pairs for the diff's tests, written here: a small OpenAPI document with one operation (or a few) that
// each test edits, saved as YAML (so that lines are reported) and diffed through the command's own entry.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import type { Finding } from '../../../generator/diff/finding.js';
import { type RunOptions, runDiff } from '../../../generator/diff/run-diff.js';
import { followPointer as follow } from '../../../generator/model/index.js';

export type Doc = Record<string, any>;

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-first-diff-test-'));
let count = 0;

export function write(document: Doc | string, extension = 'yaml'): string {
  const file = path.join(folder, `doc-${count++}.${extension}`);
  fs.writeFileSync(
    file,
    typeof document === 'string' ? document : extension === 'json' ? JSON.stringify(document) : stringify(document),
  );
  return file;
}

/** A document with `POST /pets` (createPet) taking a Pet and answering one, beside the parts given. */
export function petstore(edit: (d: Doc) => void = () => {}, openapi = '3.1.0'): Doc {
  const d: Doc = {
    openapi,
    info: { title: 'Pets', version: '1.0.0' },
    paths: {
      '/pets': {
        post: {
          operationId: 'createPet',
          tags: ['pets'],
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 } }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } },
          },
          responses: {
            '201': {
              description: 'created',
              headers: { 'X-Rate-Limit': { required: true, schema: { type: 'integer' } } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
            '400': { description: 'bad' },
          },
        },
      },
      '/pets/{petId}': {
        get: {
          operationId: 'getPet',
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        NewPet: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', maxLength: 50 },
            kind: { type: 'string', enum: ['cat', 'dog'] },
            age: { type: 'integer' },
          },
        },
        Pet: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            kind: { type: 'string', enum: ['cat', 'dog'] },
            note: { type: 'string' },
          },
        },
      },
    },
  };
  edit(d);
  return d;
}

export async function diff(base: Doc, revision: Doc, options: RunOptions = {}) {
  const output = await runDiff(write(base), write(revision), options);
  // Every pointer resolves in its document as written.
  for (const f of output.findings) {
    if (f.base) expectResolves(output.base.written, f.base.pointer, f);
    if (f.revision) expectResolves(output.revision.written, f.revision.pointer, f);
  }
  return output;
}

function expectResolves(document: unknown, pointer: string, f: Finding) {
  if (follow(document, pointer) === undefined) throw new Error(`${f.id}: pointer ${pointer} does not resolve`);
}

export const ids = (findings: Finding[]) => findings.map((f) => `${f.level} ${f.id}`).sort();
