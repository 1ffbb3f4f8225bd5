// Generative: the GEN-JSON-* rules (GEN-JSON-1); their mutants are in ./json.mutants.ts.
import { expect } from 'vitest';
import { ruleTest } from '../../harness/rule-test.js';
import { type Schemas, breaks, ctx, generate, textOf, user } from './context.js';

const RESPONSE_SCHEMA: Schemas['Schema'] = {
  type: 'OBJECT',
  properties: {
    title: { type: 'STRING' },
    pages: { type: 'INTEGER' },
    rating: { type: 'NUMBER' },
    available: { type: 'BOOLEAN' },
    genre: { type: 'STRING', enum: ['fiction', 'poetry'] },
    tags: { type: 'ARRAY', items: { type: 'STRING' } },
    author: { type: 'OBJECT', properties: { name: { type: 'STRING' } }, required: ['name'] },
  },
  required: ['title', 'pages', 'rating', 'available', 'genre', 'tags', 'author'],
};
ruleTest('GEN-JSON-1', 'a JSON answer with a responseSchema parses and validates against the schema', async (t) => {
  const { client, model } = ctx(t);
  const answer = await generate(client, model, {
    ...user('Describe a book about gardens.'),
    generationConfig: { responseMimeType: 'application/json', responseSchema: RESPONSE_SCHEMA },
  });
  const text = textOf(answer);
  let value: unknown;
  expect(
    () => {
      value = JSON.parse(text);
    },
    `the answer is JSON: ${text.slice(0, 200)}`,
  ).not.toThrow();
  expect(breaks(value, RESPONSE_SCHEMA)).toEqual([]);
});
