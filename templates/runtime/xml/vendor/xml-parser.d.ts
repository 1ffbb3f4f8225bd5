// Declarations of the vendored fast-xml-parser build beside this file (the parts the runtime uses: the parser in its
// order-keeping form, the well-formedness check, and the builder in its order-keeping form).
export interface X2jOptions {
  preserveOrder?: boolean;
  ignoreAttributes?: boolean;
  attributeNamePrefix?: string;
  parseTagValue?: boolean;
  parseAttributeValue?: boolean;
  trimValues?: boolean;
  processEntities?: boolean;
  htmlEntities?: boolean;
  ignoreDeclaration?: boolean;
  ignorePiTags?: boolean;
  maxNestedTags?: number;
  tagValueProcessor?: (tagName: string, value: string) => unknown;
  attributeValueProcessor?: (attrName: string, value: string) => unknown;
}
export declare class XMLParser {
  constructor(options?: X2jOptions);
  parse(xml: string): unknown;
}
export interface ValidationError {
  err: { code: string; msg: string; line: number; col: number };
}
export declare const XMLValidator: {
  validate(xml: string, options?: { allowBooleanAttributes?: boolean }): true | ValidationError;
};
export interface XmlBuilderOptions {
  preserveOrder?: boolean;
  ignoreAttributes?: boolean;
  attributeNamePrefix?: string;
  suppressBooleanAttributes?: boolean;
  suppressEmptyNode?: boolean;
  processEntities?: boolean;
  tagValueProcessor?: (name: string, value: unknown) => unknown;
  attributeValueProcessor?: (name: string, value: unknown) => unknown;
}
export declare class XMLBuilder {
  constructor(options?: XmlBuilderOptions);
  build(nodes: any): string;
}
