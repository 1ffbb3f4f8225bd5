// The model `spec-first test` reads: the generator's, with the patterns it leaves out put back. The generated
// server checks only patterns a linear-time engine runs (a lookahead could hold it); the engine judges a target and
// serves nothing, so a document's every pattern binds the values it sends, and ajv's engine runs them, bounded by
// the run's deadline. Without them it would send values the document forbids and call their refusal a FAIL. So
// would a string of format int64 drawn as any text: it holds the digits of a 64-bit integer (Google's documents
// write them so; the generated server reads them so).
import { buildServiceModel, type OpenApiDocument, type ServiceModel, tokensOf } from '../../generator/model/index.js';

const LEFT_OUT = /^pattern .* needs a backtracking engine/;

/** The digits a 64-bit integer written as a string holds (Google's documents, the generated server's reading). */
const DIGITS: Record<string, string> = { int64: '^-?[0-9]+$', uint64: '^[0-9]+$' };

/** Every string schema of format int64 or uint64 without a pattern of its own gets the digits it means. */
function digitStrings(node: unknown, depth = 0): void {
  if (!node || typeof node !== 'object' || depth > 256) return;
  if (Array.isArray(node)) {
    for (const item of node) digitStrings(item, depth + 1);
    return;
  }
  const schema = node as Record<string, unknown>;
  const string = schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
  if (string && typeof schema.format === 'string' && DIGITS[schema.format] && schema.pattern === undefined)
    schema.pattern = DIGITS[schema.format];
  for (const value of Object.values(schema)) digitStrings(value, depth + 1);
}

const sources = new WeakMap<ServiceModel, OpenApiDocument>();

/** The document as written, before the model read it (a pattern no engine runs is still in it). */
export const sourceOf = (model: ServiceModel): OpenApiDocument => sources.get(model) ?? model.document;

export function engineModel(key: string, source: OpenApiDocument): ServiceModel {
  const dropped: string[] = [];
  const model = buildServiceModel(key, source, (w: { pointer: string; message: string }) => {
    if (LEFT_OUT.test(w.message)) dropped.push(w.pointer);
  });
  for (const pointer of dropped) {
    const keys = tokensOf(pointer.replace(/^#/, '')).slice(0, -1);
    const at = (root: unknown) =>
      keys.reduce<unknown>(
        (node, k) => (node && typeof node === 'object' && Object.hasOwn(node, k) ? (node as never)[k] : undefined),
        root,
      ) as Record<string, unknown> | undefined;
    const original = at(source)?.pattern;
    const target = at(model.document);
    if (typeof original === 'string' && target && typeof target === 'object') target.pattern = original;
  }
  sources.set(model, source);
  digitStrings(model.document);
  return model;
}
