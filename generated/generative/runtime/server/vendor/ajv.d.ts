// Declarations of the vendored ajv (2020-12 draft) and ajv-formats beside this file: the parts the runtime uses.
export interface AjvValidateFunction {
  (data: unknown): boolean;
  errors?: Array<{
    instancePath: string;
    schemaPath: string;
    keyword: string;
    params: Record<string, unknown>;
    message?: string;
  }> | null;
}

export declare class Ajv2020 {
  constructor(options?: Record<string, unknown>);
  opts: Record<string, unknown>;
  addSchema(schema: object, key?: string): this;
  compile(schema: object): AjvValidateFunction;
  /** A keyword of one's own (ajv's KeywordDefinition: `keyword`, `type`, `schemaType`, `compile`, ...). */
  addKeyword(definition: object): this;
}

export declare function addFormats(ajv: Ajv2020): Ajv2020;
