// The allOf merger the corpus round trip uses before drawing values; the package ships no types.
declare module '@stoplight/json-schema-merge-allof' {
  interface MergeOptions {
    ignoreAdditionalProperties?: boolean;
    deep?: boolean;
    resolvers?: Record<string, (values: unknown[], ...rest: unknown[]) => unknown>;
    $refResolver?: (ref: string) => unknown;
  }
  export default function mergeAllOf(schema: unknown, options?: MergeOptions): unknown;
}
