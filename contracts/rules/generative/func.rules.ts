// Generative: the GEN-FUNC-* rules (GEN-FUNC-1); their mutants are in ./func.mutants.ts.
import { expect } from 'vitest';
import { ruleTests } from '../../harness/rule-test.js';
import { type Schemas, breaks, ctx, generate, textOf, user } from './context.js';

const FUNCTIONS = [
  {
    name: 'get_weather',
    description: 'Current weather of a city',
    parameters: {
      type: 'OBJECT',
      properties: { city: { type: 'STRING' }, unit: { type: 'STRING', enum: ['C', 'F'] }, days: { type: 'INTEGER' } },
      required: ['city', 'unit'],
    },
  },
  {
    name: 'get_time',
    description: 'Current time in a time zone',
    parameters: { type: 'OBJECT', properties: { zone: { type: 'STRING' } }, required: ['zone'] },
  },
] as const;
ruleTests('GEN-FUNC-1', [
  [
    'mode ANY calls an allowed function with args that validate against its parameters',
    async (t) => {
      const { client, model } = ctx(t);
      const answer = await generate(client, model, {
        ...user('What is the time in Lisbon?'),
        tools: [{ functionDeclarations: FUNCTIONS }],
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_time'] } },
      });
      const call = answer.candidates?.[0]?.content?.parts?.find((p) => p.functionCall)?.functionCall;
      expect(call?.name).toBe('get_time');
      expect(breaks(call?.args ?? {}, FUNCTIONS[1].parameters as unknown as Schemas['Schema'])).toEqual([]);
      const weather = await generate(client, model, {
        ...user('What is the weather in Lisbon?'),
        tools: [{ functionDeclarations: FUNCTIONS }],
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
      });
      const wcall = weather.candidates?.[0]?.content?.parts?.find((p) => p.functionCall)?.functionCall;
      expect(wcall?.name).toBe('get_weather');
      expect(breaks(wcall?.args ?? {}, FUNCTIONS[0].parameters as unknown as Schemas['Schema'])).toEqual([]);
    },
  ],
  [
    'mode NONE answers text, no call',
    async (t) => {
      const { client, model } = ctx(t);
      const answer = await generate(client, model, {
        ...user('Use get_time for the time in Lisbon.'),
        tools: [{ functionDeclarations: FUNCTIONS }],
        toolConfig: { functionCallingConfig: { mode: 'NONE' } },
      });
      const parts = answer.candidates?.[0]?.content?.parts ?? [];
      expect(parts.some((p) => p.functionCall)).toBe(false);
      expect(textOf(answer).length).toBeGreaterThan(0);
    },
  ],
  [
    'a functionResponse turn is answered with text',
    async (t) => {
      const { client, model } = ctx(t);
      const answer = await generate(client, model, {
        contents: [
          { role: 'user', parts: [{ text: 'What is the time in Lisbon?' }] },
          { role: 'model', parts: [{ functionCall: { name: 'get_time', args: { zone: 'Europe/Lisbon' } } }] },
          { role: 'function', parts: [{ functionResponse: { name: 'get_time', response: { time: '12:00' } } }] },
        ],
        tools: [{ functionDeclarations: FUNCTIONS }],
      });
      expect(answer.candidates?.[0]?.content?.parts?.some((p) => p.functionCall)).toBe(false);
      expect(textOf(answer).length).toBeGreaterThan(0);
    },
  ],
]);
