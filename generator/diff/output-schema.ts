// The JSON Schema (2020-12) of `spec-first diff --format json`: what CI tools may rely on.
import { CHECKS } from './checks.js';

const place = {
  type: 'object',
  required: ['pointer'],
  additionalProperties: false,
  properties: {
    pointer: {
      type: 'string',
      description: 'RFC 6901 pointer into the document as written (the component for a referenced schema)',
    },
    line: { type: 'integer', minimum: 1, description: 'the line the node starts on (YAML documents)' },
  },
};

const typeError = {
  type: 'object',
  required: ['code', 'message'],
  additionalProperties: false,
  properties: {
    file: { type: 'string' },
    line: { type: 'integer', minimum: 1 },
    column: { type: 'integer', minimum: 1 },
    code: { type: 'integer', description: "TypeScript's error number" },
    message: { type: 'string' },
  },
};

const side = {
  type: 'object',
  required: ['source', 'openapi'],
  additionalProperties: false,
  properties: { source: { type: 'string' }, openapi: { type: 'string' } },
};

export const OUTPUT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://spec-first.dev/schemas/diff-output.json',
  title: 'spec-first diff output',
  type: 'object',
  required: ['tool', 'base', 'revision', 'failOn', 'summary', 'changes'],
  additionalProperties: false,
  properties: {
    tool: { const: 'spec-first' },
    base: side,
    revision: side,
    failOn: { enum: ['error', 'warning', 'info'] },
    summary: {
      type: 'object',
      required: ['error', 'warning', 'info', 'ignored', 'breaking', 'codeBreaking'],
      additionalProperties: false,
      properties: {
        error: { type: 'integer', minimum: 0 },
        warning: { type: 'integer', minimum: 0 },
        info: { type: 'integer', minimum: 0 },
        ignored: { type: 'integer', minimum: 0 },
        breaking: { type: 'boolean', description: 'a change not ignored reaches failOn (the exit code is 1)' },
        codeBreaking: { type: 'integer', minimum: 0, description: 'changes that break code compiled against the base' },
      },
    },
    codeCheck: {
      type: 'object',
      description: "--check-code: the project type-checked against the revision's generated package",
      required: ['tsconfig', 'package', 'errors', 'unexplained'],
      additionalProperties: false,
      properties: {
        tsconfig: { type: 'string' },
        package: { type: 'string', description: "the package folder of the project, shadowed by each side's package" },
        errors: { type: 'integer', minimum: 0, description: 'type errors the revision brings that the base did not' },
        unexplained: { type: 'array', items: typeError, description: 'those no change names a symbol of' },
      },
    },
    changes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'level', 'direction', 'location', 'message', 'fingerprint', 'code'],
        additionalProperties: false,
        properties: {
          id: { enum: [...CHECKS.keys()] },
          oasdiff: { type: 'string', description: "oasdiff's rule id for the same change" },
          level: { enum: ['error', 'warning', 'info'] },
          direction: { enum: ['request', 'response', 'none'] },
          operation: {
            type: 'object',
            required: ['method', 'path'],
            additionalProperties: false,
            properties: { method: { type: 'string' }, path: { type: 'string' }, operationId: { type: 'string' } },
          },
          location: { type: 'string' },
          base: place,
          revision: place,
          message: { type: 'string' },
          fingerprint: { type: 'string', pattern: '^[0-9a-f]{12}$' },
          code: {
            type: 'object',
            required: ['verdict', 'reason', 'symbols'],
            additionalProperties: false,
            properties: {
              verdict: { enum: ['breaks', 'compiles'] },
              reason: { type: 'string' },
              symbols: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['kind', 'name'],
                  additionalProperties: false,
                  properties: {
                    kind: { enum: ['function', 'parameters', 'result', 'type', 'member'] },
                    name: { type: 'string' },
                  },
                },
              },
              typeErrors: { type: 'array', items: typeError },
            },
          },
          ignored: {
            type: 'object',
            required: ['reason'],
            additionalProperties: false,
            properties: { reason: { type: 'string' } },
          },
        },
      },
    },
  },
} as const;
