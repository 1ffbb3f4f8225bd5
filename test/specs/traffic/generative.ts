// Generative requests written the way the public clients and the public cookbook write them (classes of the
// fidelity review of recorded traffic; every value here is this project's own).
import type { TrafficExchange } from '../../support/traffic-replay.js';

const GENERATE = '/v1beta/models/model-pro-1:generateContent';
const ask = (text: string) => ({ contents: [{ role: 'user', parts: [{ text }] }] });
const weather = {
  name: 'lookup_weather',
  description: 'The weather of a town',
  parameters: { type: 'OBJECT', properties: { town: { type: 'STRING' } }, required: ['town'] },
};
const ONLY_FUNCTION_TOOLS =
  'generative-service.md, GenerateContentRequest, tools: "Only Function tools are supported."';

export const GENERATIVE_TRAFFIC: TrafficExchange[] = [
  {
    kind: 'functionCallingConfig.mode VALIDATED',
    name: 'a declared function under mode VALIDATED',
    method: 'POST',
    path: GENERATE,
    json: {
      ...ask('What is the lookup_weather in Lyon?'),
      tools: [{ functionDeclarations: [weather] }],
      toolConfig: { functionCallingConfig: { mode: 'VALIDATED' } },
    },
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'FunctionDeclaration.description null or absent',
    name: 'declarations without a description and with a null one',
    method: 'POST',
    path: GENERATE,
    json: {
      ...ask('Call roll_die please'),
      tools: [{ functionDeclarations: [{ name: 'roll_die' }, { name: 'flip_coin', description: null }] }],
    },
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'Schema anyOf, propertyOrdering, minimum, maximum, title',
    name: 'a response schema of alternatives without a type, ordered properties and bounds',
    method: 'POST',
    path: GENERATE,
    json: {
      ...ask('Describe a parcel'),
      generationConfig: {
        responseMimeType: 'application/json',
        responseSchema: {
          type: 'OBJECT',
          title: 'Parcel',
          properties: {
            weight: { type: 'NUMBER', minimum: 0, maximum: 30 },
            label: { anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }] },
          },
          propertyOrdering: ['label', 'weight'],
        },
      },
    },
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'Schema anyOf, propertyOrdering, minimum, maximum, title',
    name: 'the proto field names any_of and property_ordering in function parameters',
    method: 'POST',
    path: GENERATE,
    json: {
      ...ask('Store a parcel'),
      tools: [
        {
          function_declarations: [
            {
              name: 'store_parcel',
              parameters: {
                type: 'OBJECT',
                properties: { shelf: { any_of: [{ type: 'STRING' }, { type: 'INTEGER', nullable: true }] } },
                property_ordering: ['shelf'],
              },
            },
          ],
        },
      ],
    },
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'url-safe base64 in inlineData.data',
    name: 'image bytes in the url-safe alphabet',
    method: 'POST',
    path: GENERATE,
    json: {
      contents: [
        { parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo-_w8A_-8=' } }] },
      ],
    },
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'url-safe base64 in inlineData.data',
    name: 'image bytes wrapped in 8-character lines',
    method: 'POST',
    path: GENERATE,
    json: {
      contents: [{ parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBORw0K\nGgoAAAAN\r\nSUhEUgAA' } }] }],
    },
    spec: 'refuse',
    reference: 'accept',
    because: 'a line break is not in the base64 alphabet of the spec (spec-conventions, Leniency)',
  },
  {
    kind: 'Schema anyOf, propertyOrdering, minimum, maximum, title',
    name: 'an optional member as alternatives of a STRING and NULL',
    method: 'POST',
    path: GENERATE,
    json: {
      ...ask('Who employs Ana?'),
      generationConfig: {
        responseMimeType: 'application/json',
        responseSchema: {
          type: 'OBJECT',
          properties: { employer: { anyOf: [{ type: 'STRING' }, { type: 'NULL' }] } },
        },
      },
    },
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'a public video page as fileData.fileUri',
    name: 'a short video link',
    method: 'POST',
    path: GENERATE,
    json: {
      contents: [{ parts: [{ text: 'Summarise' }, { fileData: { fileUri: 'https://youtu.be/aB3dE5gH7jK' } }] }],
    },
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'a public video page as fileData.fileUri',
    name: 'a mobile watch page',
    method: 'POST',
    path: GENERATE,
    json: {
      contents: [
        {
          parts: [
            { fileData: { mimeType: 'video/mp4', fileUri: 'https://m.youtube.com/watch?v=aB3dE5gH7jK' } },
            { text: 'What happens?' },
          ],
        },
      ],
    },
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'enum names in lower case',
    name: 'lower-case schema types and function calling mode',
    method: 'POST',
    path: GENERATE,
    json: {
      ...ask('lookup_weather for Nantes'),
      tools: [
        {
          functionDeclarations: [
            { ...weather, parameters: { type: 'object', properties: { town: { type: 'string' } } } },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'any' } },
    },
    spec: 'refuse',
    reference: 'accept',
    because:
      'the spec keeps the documented names (spec-conventions, Leniency); the reference reads them as the public parser does',
  },
  {
    kind: 'enum numbers',
    name: 'a safety setting given by enum numbers',
    method: 'POST',
    path: GENERATE,
    json: { ...ask('Hello'), safetySettings: [{ category: 7, threshold: 4 }] },
    spec: 'refuse',
    reference: 'accept',
    because: 'the spec keeps the documented names (spec-conventions, Leniency)',
  },
  {
    kind: 'one value for a repeated field',
    name: 'contents and parts given as single objects, the system instruction too',
    method: 'POST',
    path: GENERATE,
    json: {
      systemInstruction: { parts: { text: 'Answer in French.' } },
      contents: { role: 'user', parts: { text: 'Good morning' } },
    },
    spec: 'refuse',
    reference: 'accept',
    because: 'the spec keeps the documented lists (spec-conventions, Leniency)',
  },
  {
    kind: 'lax JSON',
    name: 'a trailing comma after the last content and the last member',
    method: 'POST',
    path: GENERATE,
    text: '{\n  "contents": [\n    {"parts": [{"text": "Summarise the notes"}], "role": "user"},\n  ],\n}',
    spec: 'refuse',
    reference: 'accept',
    because: 'RFC 8259 JSON is the documented body (spec-conventions, Leniency)',
  },
  {
    kind: 'lax JSON',
    name: 'unquoted keys, single quotes and a raw line break inside a string',
    method: 'POST',
    path: GENERATE,
    text: "{contents: [{'parts': [{'text': 'first line\nsecond line'}]}]}",
    spec: 'refuse',
    reference: 'accept',
    because: 'RFC 8259 JSON is the documented body (spec-conventions, Leniency)',
  },
  {
    kind: 'lax JSON',
    name: 'a resumable upload started with a single-quoted body',
    method: 'POST',
    path: '/upload/v1beta/files',
    headers: {
      'x-goog-upload-protocol': 'resumable',
      'x-goog-upload-command': 'start',
      'x-goog-upload-header-content-length': '11',
      'x-goog-upload-header-content-type': 'text/plain',
    },
    text: "{'file': {'display_name': 'Meeting notes'}}",
    spec: 'refuse',
    reference: 'accept',
    because: 'RFC 8259 JSON is the documented body (spec-conventions, Leniency)',
  },
  {
    kind: 'tools of other kinds',
    name: 'a web search tool',
    method: 'POST',
    path: GENERATE,
    json: { ...ask('Who won yesterday?'), tools: [{ googleSearch: {} }] },
    spec: 'refuse',
    reference: 'refuse',
    because: ONLY_FUNCTION_TOOLS,
  },
  {
    kind: 'tools of other kinds',
    name: 'URL context beside a function',
    method: 'POST',
    path: GENERATE,
    json: { ...ask('Read the page'), tools: [{ functionDeclarations: [weather] }, { url_context: {} }] },
    spec: 'refuse',
    reference: 'refuse',
    because: ONLY_FUNCTION_TOOLS,
  },
  // Controls: what neither the public parser nor the document takes stays refused everywhere.
  {
    kind: 'control',
    name: 'an unknown type name in any case',
    method: 'POST',
    path: GENERATE,
    json: {
      ...ask('Hi'),
      tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'objekt' } }] }],
    },
    spec: 'refuse',
    reference: 'refuse',
    because: 'not a Type name',
  },
  {
    kind: 'control',
    name: 'an enum number past the end of the list',
    method: 'POST',
    path: GENERATE,
    json: { ...ask('Hi'), safetySettings: [{ category: 40, threshold: 4 }] },
    spec: 'refuse',
    reference: 'refuse',
    because: 'no HarmCategory has that number',
  },
  {
    kind: 'control',
    name: 'a body cut short',
    method: 'POST',
    path: GENERATE,
    text: '{"contents": [{"parts": [{"text": "Hi"}]}',
    spec: 'refuse',
    reference: 'refuse',
    because: 'not JSON, not even lax JSON',
  },
  {
    kind: 'control',
    name: 'a file URI of another host',
    method: 'POST',
    path: GENERATE,
    json: { contents: [{ parts: [{ fileData: { fileUri: 'https://videos.example/watch?v=aB3dE5gH7jK' } }] }] },
    spec: 'accept',
    reference: 'refuse',
    because: 'names no file of this service and no public video page',
  },
];
