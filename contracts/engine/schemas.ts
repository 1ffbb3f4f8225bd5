// JSON Schema validation for one document: ajv (2020-12, formats) with the document's components registered once,
// each schema compiled on first use and kept. Patterns run through ajv's default engine here: the suite judges
// a target, it does not serve one, and a pattern that backtracks costs only this run's time, bounded by its deadline.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from '../../generator/model/index.js';

// biome-ignore lint/suspicious/noExplicitAny: ajv-formats' CommonJS default export
const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: Ajv2020) => void;
const DOCUMENT_ID = 'spec-first:document';

/** `#/...` pointers of a schema taken out of the document, pointed back at the registered document. */
function rebased(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebased);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? DOCUMENT_ID + value : rebased(value);
  return out;
}

export class DocumentSchemas {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<unknown, ValidateFunction | undefined>();

  constructor(document: OpenApiDocument) {
    // An unknown format (uint16, a vendor's own) is not judged, and not printed either.
    this.ajv = new Ajv2020({
      strict: false,
      allErrors: false,
      validateFormats: true,
      discriminator: false,
      logger: false,
    });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: (document as { components?: unknown }).components ?? {} });
  }

  /** The validator of a schema of the document; undefined when ajv cannot compile it (then nothing is judged). */
  validator(schema: unknown): ValidateFunction | undefined {
    if (this.compiled.has(schema)) return this.compiled.get(schema);
    let validate: ValidateFunction | undefined;
    try {
      validate = this.ajv.compile(rebased(schema) as object);
    } catch {
      validate = undefined;
    }
    this.compiled.set(schema, validate);
    return validate;
  }

  /** The first error of a value against a schema, as one line; undefined when it is valid or cannot be judged. */
  problem(schema: unknown, value: unknown): string | undefined {
    const validate = this.validator(schema);
    if (!validate || validate(value)) return undefined;
    const e = validate.errors?.[0];
    return e ? `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}` : 'is invalid';
  }
}
