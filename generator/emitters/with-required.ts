// openapi-typescript writes an allOf member `$ref` whose members the parent requires as
// `WithRequired<T, K extends keyof T>`. Where the referenced schema is nullable (plaid's `PlaidError`, `nullable:
// true`, beside `required: [error_type, ...]`), T is `X | null`, `keyof T` is `never`, and the types do not compile.
// A schema that requires members is read as an object there (an allOf's other members are objects, and OpenAPI 3.0's
// `nullable` admits null to an allOf only where every member does), so the helper takes T without its null.
import { stringToAST } from 'openapi-typescript';
import ts from 'typescript';

const HELPER = 'WithRequired';
const NON_NULL_HELPER =
  'type WithRequired<T, K extends keyof NonNullable<T>> = NonNullable<T> & { [P in K]-?: NonNullable<T>[P] };';

/** The declarations with openapi-typescript's `WithRequired` helper, where it wrote one, taking a nullable T. */
export function withNullableRequired(nodes: ts.Node[]): ts.Node[] {
  return nodes.map((node) =>
    ts.isTypeAliasDeclaration(node) && node.name.text === HELPER ? (stringToAST(NON_NULL_HELPER)[0] as ts.Node) : node,
  );
}
