// The round trip draws a required object parameter in the form style, exploded, with at least one member: an empty
// one writes nothing (`?` alone), which no server can tell from an absent parameter (AWS SNS's `attributes`, a map
// of strings: answered 400 "must have required property"), as it draws a required array with at least one item.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { roundTripSuite } from './corpus-roundtrip-suite.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Required objects', version: '1' },
  paths: {
    '/settings': {
      get: {
        operationId: 'setAttributes',
        parameters: [
          {
            name: 'attributes',
            in: 'query',
            required: true,
            schema: { type: 'object', additionalProperties: { type: 'string' } },
          },
          { name: 'Action', in: 'query', required: true, schema: { type: 'string', enum: ['SetAttributes'] } },
        ],
        responses: { '200': { description: 'set' } },
      },
    },
  },
};

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'roundtrip-required-objects-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const spec = path.join(folder, 'required-objects.json');
fs.writeFileSync(spec, JSON.stringify(document));

roundTripSuite({ name: 'required-objects', spec });
