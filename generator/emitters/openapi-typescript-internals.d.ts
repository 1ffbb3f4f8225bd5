// Declarations for the openapi-typescript modules emitters/types.ts imports past the package's entry
// point (the package ships declarations for its entry point only). Signatures as in its index.d.ts.
declare module 'openapi-typescript/dist/transform/index.js' {
  import type ts from 'typescript';
  import type { GlobalContext, OpenAPI3 } from 'openapi-typescript';
  export default function transformSchema(schema: OpenAPI3, ctx: GlobalContext): ts.Node[];
}
declare module 'openapi-typescript/dist/lib/ts.js' {
  import type ts from 'typescript';
  export function astToString(ast: ts.Node | ts.Node[] | ts.TypeElement | ts.TypeElement[]): string;
}
declare module 'openapi-typescript/dist/lib/utils.js' {
  import type { DiscriminatorObject, OpenAPI3 } from 'openapi-typescript';
  export function scanDiscriminators(
    schema: OpenAPI3,
    options: object,
  ): { objects: Record<string, DiscriminatorObject>; refsHandled: string[] };
  export function resolveRef<T>(schema: unknown, $ref: string, options: { silent: boolean }): T | undefined;
  export function createRef(parts: Array<string | number | undefined | null>): string;
  export function warn(msg: string, silent?: boolean): void;
}
declare module 'openapi-typescript/dist/transform/webhooks-object.js' {
  import type ts from 'typescript';
  import type { GlobalContext, WebhooksObject } from 'openapi-typescript';
  export default function transformWebhooksObject(webhooksObject: WebhooksObject, options: GlobalContext): ts.TypeNode;
}
