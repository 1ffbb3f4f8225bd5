// The enum lists the service documents give, read from the documents themselves so the spec tests
// cannot drift from them. A committed snapshot stands in when ../shared is not beside the clone.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../generator/model/index.js';

export interface DocumentEnum {
  name: string;
  service: 'ad-creative' | 'analytics' | 'generative';
  values: string[];
  /** How many values the document lists: guards the parsing itself. */
  count: number;
}

const DOCS = path.resolve(ROOT, '..', 'shared', 'service-docs');
const SNAPSHOT = path.join(ROOT, 'test', 'support', 'document-enums.snapshot.json');

function afterLabel(text: string, label: string): string[] {
  const start = text.indexOf(label);
  if (start < 0) throw new Error(`label not found in document: ${label}`);
  // One line, parentheticals removed (they hold commas), up to the end of the sentence.
  const line = text
    .slice(start + label.length)
    .split('\n')[0]!
    .replace(/\([^)]*\)/g, '')
    .split(/\.(\s|$)/)[0]!;
  return line
    .split(/,\s*/)
    .map((v) => v.trim().split(/\s|\(/)[0]!)
    .filter(Boolean);
}

function tableFirstColumn(text: string, heading: string): string[] {
  const start = text.indexOf(heading);
  if (start < 0) throw new Error(`table not found in document: ${heading}`);
  const rows = text.slice(start).split('\n').slice(2);
  const values: string[] = [];
  for (const row of rows) {
    if (!row.startsWith('|')) break;
    values.push(row.split('|')[1]!.trim());
  }
  return values;
}

/** The values a table row names after "Values named:" (separated by semicolons, parentheticals dropped). */
function namedValues(text: string, rowStart: string): string[] {
  const row = text.split('\n').find((l) => l.startsWith(rowStart));
  if (!row) throw new Error(`row not found in document: ${rowStart}`);
  const named = row.split('Values named:')[1];
  if (named === undefined) throw new Error(`no "Values named:" in the row ${rowStart}`);
  return named
    .replace(/\([^)]*\)/g, '')
    .split('|')[0]!
    .split(';')
    .map((v) => v.trim().split(/\s|\./)[0]!)
    .filter(Boolean);
}

export function parseDocumentEnums(): DocumentEnum[] {
  const adc = fs.readFileSync(path.join(DOCS, 'ad-creative-service.md'), 'utf8');
  const gen = fs.readFileSync(path.join(DOCS, 'generative-service.md'), 'utf8');
  const ana = fs.readFileSync(path.join(DOCS, 'analytics-service.md'), 'utf8');
  const scopes = tableFirstColumn(ana, '| Scope | Grants |').map((s) => s.replace('{scope_base}/', ''));
  return [
    {
      name: 'call_to_action_type',
      service: 'ad-creative',
      values: afterLabel(adc, 'call_to_action_type values: '),
      count: 84,
    },
    { name: 'object_type', service: 'ad-creative', values: afterLabel(adc, 'object_type values: '), count: 13 },
    { name: 'status', service: 'ad-creative', values: tableFirstColumn(adc, '| State | Meaning |'), count: 4 },
    {
      name: 'authorization_category',
      service: 'ad-creative',
      values: namedValues(adc, '| authorization_category |'),
      count: 2,
    },
    { name: 'HarmCategory', service: 'generative', values: afterLabel(gen, 'HarmCategory values: '), count: 11 },
    { name: 'HarmProbability', service: 'generative', values: afterLabel(gen, 'HarmProbability values: '), count: 5 },
    {
      name: 'HarmBlockThreshold',
      service: 'generative',
      values: tableFirstColumn(gen, '| Value | Effect |'),
      count: 5,
    },
    { name: 'FinishReason', service: 'generative', values: afterLabel(gen, 'FinishReason values: '), count: 7 },
    { name: 'BlockReason', service: 'generative', values: afterLabel(gen, 'BlockReason values: '), count: 3 },
    { name: 'File.state', service: 'generative', values: afterLabel(gen, 'File.state values: '), count: 4 },
    {
      name: 'safetySettings category',
      service: 'generative',
      values: afterLabel(gen, 'Categories supported in safetySettings: '),
      count: 4,
    },
    { name: 'OAuth scopes', service: 'analytics', values: scopes, count: 4 },
  ];
}

export function documentsAvailable(): boolean {
  return fs.existsSync(DOCS);
}

export function documentEnums(): DocumentEnum[] {
  return documentsAvailable() ? parseDocumentEnums() : JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8'));
}

export const SNAPSHOT_FILE = SNAPSHOT;
