// A document's text read as JSON or YAML, within limits: a document is outside input (a vendor's spec, often
// generated from in CI), so its size and its node count are bounded before anything walks it. YAML is read by
// js-yaml with the schema Redocly's own reader uses (the core schema with merge keys, binary, omap, pairs and
// set; no timestamps), so a document reads the same as when Redocly read it. js-yaml shares an aliased node
// instead of copying it; every walk after it (bundling, modelling, openapi.json) copies it at each use, so the
// count below counts each alias's nodes at every use, which bounds a billion-laughs document in a few seconds.
import { binaryTag, CORE_SCHEMA, loadAll, mergeTag, omapTag, pairsTag, setTag } from 'js-yaml';
import { lenientYaml } from './lenient-yaml.js';

/** The largest document file read: GitHub's description, the largest public one known, is 13 MB. */
export const MAX_DOCUMENT_BYTES = 100 * 2 ** 20;
/** The most nodes a document holds once its YAML aliases are counted at each use. */
export const MAX_DOCUMENT_NODES = 10_000_000;
/**
 * The nodes aliases may add beyond the text's own size: a node takes at least one byte of text, so only aliases
 * make a document hold more nodes than it has bytes.
 */
export const ALIAS_NODE_ALLOWANCE = 1_000_000;

const YAML_SCHEMA = CORE_SCHEMA.withTags(mergeTag, binaryTag, omapTag, pairsTag, setTag);

/** A document refused for its size, its node count or its syntax: the message is one line naming the file. */
export class DocumentRefusedError extends Error {}

/** Refuses a document of more than MAX_DOCUMENT_BYTES bytes before it is read or parsed. */
export function checkDocumentBytes(name: string, bytes: number): void {
  if (bytes > MAX_DOCUMENT_BYTES)
    throw new DocumentRefusedError(
      `${name} is ${(bytes / 2 ** 20).toFixed(1)} MB, more than the ${MAX_DOCUMENT_BYTES / 2 ** 20} MB a document may have`,
    );
}

/**
 * The document a text holds, JSON when `json` (or the name ends in .json), else YAML, refused past the limits.
 * `onLenient` hears of YAML js-yaml refuses and the yaml package reads (lenient-yaml.ts).
 */
export function parseDocumentText(
  name: string,
  text: string,
  json = name.endsWith('.json'),
  onLenient?: (message: string) => void,
): unknown {
  checkDocumentBytes(name, Buffer.byteLength(text));
  let parsed: unknown;
  try {
    parsed = json ? JSON.parse(text) : parseYaml(text, name, onLenient);
  } catch (error) {
    if (error instanceof DocumentRefusedError) throw error;
    const message = (error as Error).message.split('\n')[0];
    throw new DocumentRefusedError(`${name} is not valid ${json ? 'JSON' : 'YAML'}: ${message}`);
  }
  checkDocumentNodes(name, parsed, Math.min(MAX_DOCUMENT_NODES, text.length + ALIAS_NODE_ALLOWANCE));
  return parsed;
}

function parseYaml(text: string, name: string, onLenient?: (message: string) => void): unknown {
  let documents: unknown[];
  try {
    documents = loadAll(text, { schema: YAML_SCHEMA, filename: name });
  } catch (error) {
    // What other tools read though js-yaml 5 refuses (Apache Iceberg's flow mapping closed at its key's
    // indentation): read so, and said.
    const lenient = lenientYaml(text);
    if (lenient === undefined) throw error;
    onLenient?.(
      `${name}: js-yaml (Redocly's reader) refuses it (${(error as Error).message.split('\n')[0]}); read by the yaml package, as openapi-typescript and hey-api read it`,
    );
    documents = lenient;
  }
  if (documents.length > 1) throw new DocumentRefusedError(`${name} holds ${documents.length} YAML documents, not one`);
  return documents[0];
}

/**
 * Counts the document's nodes as a walk that copies shared (aliased) nodes meets them, and refuses it past `limit`.
 * Iterative: a deeply nested document does not overflow the stack.
 */
export function checkDocumentNodes(name: string, document: unknown, limit: number): void {
  let count = 0;
  const pending: unknown[] = [document];
  while (pending.length > 0) {
    const node = pending.pop();
    if (++count > limit)
      throw new DocumentRefusedError(
        `${name} holds more than ${limit.toLocaleString('en-US')} nodes (YAML aliases counted at each use): refused`,
      );
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) for (let i = 0; i < node.length; i++) pending.push(node[i]);
    else for (const key in node) pending.push((node as Record<string, unknown>)[key]);
  }
}
