// JSON Schema validation for one document: ajv (2020-12, formats) with the document's components registered once,
// each schema compiled on first use and kept. Patterns run through ajv's default engine here: the suite judges
// a target, it does not serve one, and a pattern that backtracks costs only this run's time, bounded by its deadline.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import {
  type DirectionViews,
  directionViews,
  escapeToken,
  type OpenApiDocument,
  VIEW_ROOTS,
} from '../../generator/model/index.js';
import { judgedDocument, NAMED_BY } from './discriminator-judge.js';

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

/** An error of ajv's, with the discriminator value that named the schema it lies in, where one did. */
export type JudgedError = ErrorObject & { namedBy?: { value: string; schema: string } };
type Marked = { [NAMED_BY]?: { value: string; schema: string } };

export class DocumentSchemas {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<unknown, ValidateFunction | undefined>();
  private readonly answers: DirectionViews;
  /** Each schema's answer view, made once: the compiled validators are kept by schema object. */
  private readonly answerViews = new WeakMap<object, unknown>();

  constructor(document: OpenApiDocument) {
    // An unknown format (uint16, a vendor's own) is not judged, and not printed either.
    this.ajv = new Ajv2020({
      strict: false,
      allErrors: false,
      validateFormats: true,
      discriminator: false,
      logger: false,
      // Each error carries the value it judged and the schema that refused it: a refused value that is that
      // schema's own example is the document's contradiction, not the target's fault.
      verbose: true,
    });
    addFormats(this.ajv);
    // A value whose discriminator names a child is judged as that child too (./discriminator-judge.ts).
    const judged = judgedDocument(document);
    // Every component's answer view made at once, so that the views registered here are all an answer refers to.
    // writeOnly members stay declared: OpenAPI says they SHOULD NOT be sent in a response, not that they break it.
    this.answers = directionViews(judged, 'answer', true);
    for (const name of Object.keys(judged.components?.schemas ?? {}))
      this.answers.of({ $ref: `#/components/schemas/${escapeToken(name)}` });
    this.ajv.addSchema({
      $id: DOCUMENT_ID,
      components: (judged as { components?: unknown }).components ?? {},
      [VIEW_ROOTS.answer]: { schemas: this.answers.schemas },
    });
  }

  /**
   * A schema as an answer is judged by it: its writeOnly members not required (OpenAPI: they "SHOULD NOT be sent
   * as part of the response"), at any depth; the schema itself where no member is writeOnly.
   */
  answerSchema(schema: unknown): unknown {
    if (!schema || typeof schema !== 'object') return schema;
    if (this.answerViews.has(schema)) return this.answerViews.get(schema);
    const view = this.answers.of(schema as object);
    const seen =
      view === undefined
        ? schema
        : 'component' in view
          ? { $ref: `#/${VIEW_ROOTS.answer}/schemas/${escapeToken(view.component)}` }
          : view.own;
    this.answerViews.set(schema, seen);
    return seen;
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

  /**
   * The first error of a value against a schema; undefined when it is valid or cannot be judged. Where it lies in the
   * child a discriminator's value names, `namedBy` says which value named which schema.
   */
  firstError(schema: unknown, value: unknown): JudgedError | undefined {
    const validate = this.validator(schema);
    if (!validate || validate(value)) return undefined;
    // A oneOf that more than one alternative met is what failed, not the other alternatives' own errors, which ajv
    // lists before it (otoroshi's `config`: an ElasticConfig answer reported as missing KafkaConfig's `servers`).
    const ambiguous = validate.errors?.find((e) => e.keyword === 'oneOf' && Array.isArray(e.params.passingSchemas));
    const first = ambiguous ??
      validate.errors?.[0] ?? { instancePath: '', schemaPath: '#', keyword: 'false', params: {} };
    // ajv reports a failed `then` after the errors inside it: the if/then the judge added says what was named.
    const named = validate.errors?.find(
      (e) => e.keyword === 'if' && (e.parentSchema as Marked | undefined)?.[NAMED_BY],
    );
    return named ? { ...first, namedBy: (named.parentSchema as Marked)[NAMED_BY] } : first;
  }

  /** The first error of a value against a schema, as one line; undefined when it is valid or cannot be judged. */
  problem(schema: unknown, value: unknown): string | undefined {
    const e = this.firstError(schema, value);
    return e && errorText(e);
  }
}

export const errorText = (e: ErrorObject) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`;

/** Where an object sits in the document, as a JSON pointer (`#/components/schemas/Bill/properties/date`). */
export class DocumentPointers {
  private readonly at = new WeakMap<object, string>();
  constructor(document: unknown) {
    const walk = (node: unknown, pointer: string, depth: number) => {
      if (!node || typeof node !== 'object' || depth > 64 || this.at.has(node)) return;
      this.at.set(node, pointer || '#');
      for (const [key, value] of Object.entries(node))
        walk(value, `${pointer || '#'}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1);
    };
    walk(document, '', 0);
  }
  of(node: unknown): string | undefined {
    return node && typeof node === 'object' ? this.at.get(node) : undefined;
  }
}
