// Generative: the GEN-TOOLS-* rules (GEN-TOOLS-1); their mutants are in ./tools.mutants.ts.
import { expectStatusError } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { BAD, ctx, generate, hello, refusedBodies } from './context.js';

ruleTests('GEN-TOOLS-1', [
  ...refusedBodies([
    [
      'a function declaration without a name is rejected',
      {
        ...hello,
        tools: [{ functionDeclarations: [{ description: 'Weather' } as never] }],
      },
    ],
  ]),
  [
    'a tool of another kind (web search) is rejected, a warning where the target is as lenient as the public service',
    async (t) => {
      const { client, model } = ctx(t);
      await t.divergence('a googleSearch tool is rejected', async () => {
        await expectStatusError(
          t,
          () => generate(client, model, { ...hello, tools: [{ googleSearch: {} } as never] }),
          BAD,
        );
      });
    },
  ],
  ...refusedBodies([
    [
      'parameters of a type other than OBJECT are rejected',
      {
        ...hello,
        tools: [
          {
            functionDeclarations: [{ name: 'get_weather', description: 'Weather', parameters: { type: 'STRING' } }],
          },
        ],
      },
    ],
  ]),
  [
    'a function declaration with OBJECT parameters, and code execution, are accepted',
    async (t) => {
      const { client, model } = ctx(t);
      await generate(client, model, {
        ...hello,
        tools: [
          {
            functionDeclarations: [
              {
                name: 'get_weather',
                description: 'Weather of a city',
                parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] },
              },
            ],
          },
        ],
        toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
      });
      await generate(client, model, { ...hello, tools: [{ codeExecution: {} }] });
      // The public service answers a declaration without a description, or with a null one.
      await generate(client, model, {
        ...hello,
        tools: [{ functionDeclarations: [{ name: 'get_time' }, { name: 'get_date', description: null }] }],
      });
    },
  ],
]);
