// The model `spec-first test` reads: the generator's, with the patterns it leaves out put back. The generated
// server checks only patterns a linear-time engine runs (a lookahead could hold it); the engine judges a target and
// serves nothing, so a document's every pattern binds the values it sends, and ajv's engine runs them, bounded by
// the run's deadline. Without them it would send values the document forbids and call their refusal a FAIL.
import { buildServiceModel, type OpenApiDocument, type ServiceModel, tokensOf } from '../../generator/model/index.js';

const LEFT_OUT = /^pattern .* needs a backtracking engine/;

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
  return model;
}
