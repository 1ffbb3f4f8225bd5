// The built-in model: no weights, no network; its answer is a pure function of the request (README.md,
// "The built-in model", documents it for users of the reference):
// 1. Function calling. With function declarations and a mode other than NONE, unless the latest turn answers a
//    call (a functionResponse part): the allowed functions are allowedFunctionNames (default: all declared);
//    the model calls the first allowed function whose name occurs in the latest user text, and with mode ANY,
//    failing that, the first allowed function. Its args hold every declared parameter (schema-value.ts), or a
//    value of its parametersJsonSchema.
// 2. Otherwise text. The reply to the latest turn is "Echo: <its text>", or, when that text starts with
//    "rot13:", the ROT13 decoding of the rest (an input that reads harmless and decodes to something else).
//    A function response turn is answered "<name> returned <response JSON>". Then a continuation of N words
//    (N from "in N words" in the latest user text, at most 4096; otherwise 24) drawn from a fixed vocabulary by
//    a xorshift32 generator seeded with the FNV-1a hash of the model id, the system instruction and every turn.
// 3. With a code execution tool the text is preceded by executableCode printing the reply and its result.
// 4. With responseMimeType application/json the text is JSON: a value of responseSchema (strings take the
//    reply's words in turn), else of responseJsonSchema (json-schema-value.ts), or {"text": <reply>} without a
//    schema. A function declared with parametersJsonSchema in place of parameters is called with a value of it.
import type { components } from '../../../generated/generative/types.js';
import { tokenPieces } from '../tokens.js';
import type { Model, ModelAnswer, ModelRequest } from './model.js';
import {
  jsonSchemaValue,
  MAX_JSON_SCHEMA_VALUES,
  parametersJsonSchemaOf,
  responseJsonSchemaOf,
} from './json-schema-value.js';
import { schemaValue } from './schema-value.js';

type Schemas = components['schemas'];
type Content = Schemas['Content'];
type Part = Schemas['Part'];

export const DEFAULT_CONTINUATION_WORDS = 24;
export const MAX_CONTINUATION_WORDS = 4096;

/** Neutral words only: no trigger phrase of the safety classifier can be formed from them. */
export const VOCABULARY = [
  'the',
  'river',
  'carries',
  'light',
  'across',
  'quiet',
  'fields',
  'and',
  'morning',
  'bread',
  'warms',
  'a',
  'kitchen',
  'window',
  'where',
  'small',
  'birds',
  'gather',
  'near',
  'green',
  'hills',
  'under',
  'soft',
  'clouds',
  'while',
  'old',
  'maps',
  'describe',
  'roads',
  'toward',
  'distant',
  'harbors',
  'with',
  'patient',
  'boats',
  'that',
  'count',
  'stars',
  'above',
  'calm',
  'water',
  'as',
  'gardens',
  'grow',
  'tall',
  'beside',
  'stone',
  'walls',
  'of',
  'friendly',
  'towns',
  'in',
  'spring',
  'when',
  'music',
  'drifts',
  'through',
  'open',
  'doors',
  'to',
  'bright',
  'squares',
  'full',
  'kites',
] as const;

export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

function textOf(content: Content | undefined): string {
  return (content?.parts ?? [])
    .filter((p) => typeof p.text === 'string')
    .map((p) => p.text!)
    .join(' ');
}

/** The latest turn that is not the model's own. */
function latestTurn(contents: readonly Content[]): Content | undefined {
  for (let i = contents.length - 1; i >= 0; i--) if (contents[i]!.role !== 'model') return contents[i];
  return undefined;
}

function latestUserText(contents: readonly Content[]): string {
  for (let i = contents.length - 1; i >= 0; i--) {
    const c = contents[i]!;
    if (c.role === 'model' || (c.parts ?? []).some((p) => p.functionResponse)) continue;
    const text = textOf(c);
    if (text) return text;
  }
  return '';
}

function replyTo(turn: Content | undefined): string {
  const response = turn?.parts?.find((p) => p.functionResponse)?.functionResponse;
  if (response) return `${response.name} returned ${JSON.stringify(response.response)}`;
  const text = textOf(turn);
  const encoded = text.match(/^\s*rot13:\s*([\s\S]*)$/i);
  if (encoded) return rot13(encoded[1]!.trim());
  if (text) return `Echo: ${text}`;
  const media = (turn?.parts ?? []).filter((p) => p.inlineData || p.fileData).length;
  return `Echo: ${media} media part${media === 1 ? '' : 's'}`;
}

function continuationLength(userText: string): number {
  const asked = userText.match(/\bin\s+(\d+)\s+words\b/i);
  return asked ? Math.min(Number(asked[1]), MAX_CONTINUATION_WORDS) : DEFAULT_CONTINUATION_WORDS;
}

function* continuation(seed: number, count: number): Generator<string> {
  let state = seed || 1;
  for (let i = 0; i < count; i++) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    yield ` ${VOCABULARY[state % VOCABULARY.length]}`;
  }
}

function functionCall(request: ModelRequest, userText: string): Part | undefined {
  const declarations = (request.tools ?? []).flatMap((t) => t.functionDeclarations ?? []);
  const config = request.toolConfig?.functionCallingConfig;
  const mode = config?.mode ?? 'AUTO';
  if (!declarations.length || mode === 'NONE') return undefined;
  if ((request.contents.at(-1)?.parts ?? []).some((p) => p.functionResponse)) return undefined;
  const allowed = config?.allowedFunctionNames?.length
    ? declarations.filter((d) => config.allowedFunctionNames!.includes(d.name))
    : declarations;
  const named = allowed.find((d) => userText.includes(d.name));
  const chosen = mode === 'ANY' ? (named ?? allowed[0]) : named;
  if (!chosen) return undefined;
  const words = userText.split(/\s+/).filter(Boolean);
  const jsonSchema = parametersJsonSchemaOf(chosen);
  const args = chosen.parameters
    ? (schemaValue(chosen.parameters as Schemas['Schema'], words) as Record<string, unknown>)
    : jsonSchema !== undefined
      ? (jsonSchemaValue(jsonSchema, words, MAX_JSON_SCHEMA_VALUES) as Record<string, unknown>)
      : {};
  return { functionCall: { name: chosen.name, args } };
}

export class BuiltinModel implements Model {
  answer(request: ModelRequest): ModelAnswer {
    const userText = latestUserText(request.contents);
    const call = functionCall(request, userText);
    if (call) return { parts: [call] };

    const reply = replyTo(latestTurn(request.contents));
    const seed = fnv1a(
      [
        request.modelId,
        textOf(request.systemInstruction),
        ...request.contents.map((c) => `${c.role ?? ''}:${JSON.stringify(c.parts ?? [])}`),
      ].join('\n'),
    );
    const count = continuationLength(userText);
    const config: Partial<Schemas['GenerationConfig']> = request.generationConfig ?? {};
    const parts: Part[] = [];
    if ((request.tools ?? []).some((t) => t.codeExecution)) {
      parts.push({ executableCode: { language: 'PYTHON', code: `print(${JSON.stringify(reply)})` } });
      parts.push({ codeExecutionResult: { outcome: 'OUTCOME_OK', output: `${reply}\n` } });
    }
    if (config.responseMimeType === 'application/json') {
      const words = reply.split(/\s+/).filter(Boolean);
      const jsonSchema = responseJsonSchemaOf(config);
      const json = JSON.stringify(
        config.responseSchema
          ? schemaValue(config.responseSchema, words)
          : jsonSchema !== undefined
            ? jsonSchemaValue(jsonSchema, words, MAX_JSON_SCHEMA_VALUES)
            : { text: reply + [...continuation(seed, count)].join('') },
      );
      return { parts, text: tokenPieces(json) };
    }
    return {
      parts,
      text: (function* () {
        yield* tokenPieces(reply);
        yield* continuation(seed, count);
      })(),
    };
  }
}
