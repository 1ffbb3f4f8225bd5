// Emits server.ts: the typed Handlers interface of a service (one method per operation) and a node:http
// request listener that routes, parses and validates (ahead-of-time ajv validators) before calling them.
import { type InterfaceDeclarationStructure, type OptionalKind, type MethodSignatureStructure, StructureKind, type TypeAliasDeclarationStructure } from 'ts-morph';
import type { OperationModel, ServiceModel } from '../model/types.js';
import { camelCase } from '../model/names.js';
import { streamChunkType, structuredBodyType, successType } from './operation-types.js';
import { docText, printStructure } from './print-structure.js';
import { validatorNames } from './validators.js';

export function emitServer(service: ServiceModel): string {
  const types: Array<InterfaceDeclarationStructure | TypeAliasDeclarationStructure> = [];
  const handlerMethods: OptionalKind<MethodSignatureStructure>[] = [];
  for (const op of service.operations) {
    types.push(inputInterface(op), replyType(service, op));
    handlerMethods.push({
      name: op.id,
      parameters: [{ name: 'input', type: `${op.typeName}Input` }],
      returnType: `Promise<${op.typeName}Reply>`,
      docs: [docText(`${op.method} ${op.path}: ${op.summary}`, op.ruleIds.length ? `Rules: ${op.ruleIds.join(', ')}.` : undefined)],
    });
  }
  const handlersName = `${service.name}Handlers`;
  const routesName = `${camelCase(service.key)}Routes`;
  const cases = service.operations.map((op) => `    case ${JSON.stringify(op.id)}:\n      return handlers.${op.id}(input as ${op.typeName}Input);`);
  return printStructure({
    statements: [
      `import { createRouter, type HandlerInput, type HandlerResult, type RouteDef, type RouterOptions } from './runtime/server/index.js';`,
      `import * as v from './validators.js';`,
      `import type { ${service.operations.some((o) => o.streaming) ? 'components, ' : ''}operations } from './types.js';`,
      `export { ServiceError, graphError, statusError } from './runtime/server/index.js';`,
      `export type { Credentials, HandlerInput, RouterOptions, ServerLogger } from './runtime/server/index.js';`,
      ...types,
      {
        kind: StructureKind.Interface,
        isExported: true,
        name: handlersName,
        docs: [docText(`What an implementation of the ${service.title} provides: one method per operation.`, 'Throw ServiceError (graphError / statusError) to answer with a documented error.')],
        methods: handlerMethods,
      },
      `/** The route table: paths, parameters, body kinds and the compiled validators of every operation. */\nexport const ${routesName}: RouteDef[] = ${routesLiteral(service)};`,
      `/** A node:http request listener serving the ${service.title} with the given handlers. */\n` +
        `export function create${service.name}Server(handlers: ${handlersName}, options: Partial<RouterOptions> = {}) {\n` +
        `  const dispatch = (input: HandlerInput): Promise<HandlerResult> => {\n  switch (input.operationId) {\n${cases.join('\n')}\n    default:\n      throw new Error(\`no handler for \${input.operationId}\`);\n  }\n  };\n` +
        `  return createRouter(${routesName}, dispatch, { errorStyle: ${JSON.stringify(service.errorStyle)}${apiKeyHeader(service)}, ...options });\n}`,
    ],
  });
}

function inputInterface(op: OperationModel): InterfaceDeclarationStructure {
  const ops = `operations[${JSON.stringify(op.id)}]['parameters']`;
  const has = (where: string) => op.parameters.some((p) => p.in === where);
  const structured = structuredBodyType(op);
  const body = structured ?? (op.requestBodies.length > 0 ? 'unknown' : 'undefined');
  return {
    kind: StructureKind.Interface,
    isExported: true,
    name: `${op.typeName}Input`,
    extends: [`Omit<HandlerInput, 'path' | 'query' | 'body'>`],
    docs: [`What the ${op.id} handler receives, parsed and validated.`],
    properties: [
      { name: 'path', type: has('path') ? `${ops}['path']` : 'Record<string, never>' },
      { name: 'query', type: has('query') ? `NonNullable<${ops}['query']>` : 'Record<string, unknown>' },
      { name: 'body', type: op.bodyRequired || body === 'undefined' ? body : `${body} | undefined` },
    ],
  };
}

function replyType(service: ServiceModel, op: OperationModel): TypeAliasDeclarationStructure {
  const common = 'status?: number; headers?: Record<string, string>';
  const success = successType(op);
  const bodyOptional = success === 'void' || (op.success?.headers.length ?? 0) > 0 || op.requestBodies.some((b) => b.kind === 'raw');
  let type = `{ ${common}; body${bodyOptional ? '?' : ''}: ${success === 'void' ? 'unknown' : success} }`;
  if (op.streaming) type = `{ ${common}; sse: AsyncIterable<${streamChunkType(service, op)}> } | ${type}`;
  return { kind: StructureKind.TypeAlias, isExported: true, name: `${op.typeName}Reply`, type, docs: [`What the ${op.id} handler answers.`] };
}

function routesLiteral(service: ServiceModel): string {
  const routes = service.operations.map((op) => {
    const names = validatorNames(op);
    const params = op.parameters.map((p) => {
      const invalid = p.invalidCode !== undefined ? `, invalidCode: ${p.invalidCode}` : '';
      const styled = p.type === 'array' || p.type === 'object' ? `, style: ${JSON.stringify(p.style)}, explode: ${p.explode}` : '';
      return `{ name: ${JSON.stringify(p.name)}, in: ${JSON.stringify(p.in)}, type: ${JSON.stringify(p.type)}, required: ${p.required}${invalid}${styled} }`;
    });
    const bodies = op.requestBodies.map((b) => {
      const json = b.jsonFields.length ? `, jsonFields: ${JSON.stringify(b.jsonFields.map((f) => f.name))}` : '';
      return `{ contentType: ${JSON.stringify(b.contentType)}, kind: ${JSON.stringify(b.kind)}${json} }`;
    });
    const bodyValidators = Object.entries(names.bodies).map(([ct, n]) => `${JSON.stringify(ct)}: v.${n}`);
    const responseValidators = Object.entries(names.responses).map(([status, n]) => `${JSON.stringify(status)}: v.${n}`);
    return [
      '  {',
      `    operationId: ${JSON.stringify(op.id)},`,
      `    method: ${JSON.stringify(op.method)},`,
      `    path: ${JSON.stringify(op.path)},`,
      `    params: [${params.join(', ')}],`,
      `    bodies: [${bodies.join(', ')}],`,
      `    bodyRequired: ${op.bodyRequired},`,
      `    security: ${JSON.stringify(op.credentialsOptional ? 'optional' : 'required')},`,
      `    securityRequirements: ${JSON.stringify(op.security)},`,
      `    credentialSources: [${op.credentialSources.map((c) => `{ scheme: ${JSON.stringify(c.scheme)}, kind: ${JSON.stringify(c.kind)}, in: ${JSON.stringify(c.in)}, name: ${JSON.stringify(c.name)} }`).join(', ')}],`,
      `    scopes: ${JSON.stringify(op.scopes)},`,
      ...(op.bodyLimit !== undefined ? [`    maxBodyBytes: ${op.bodyLimit},`] : []),
      `    validateParams: v.${names.params},`,
      `    validateBody: { ${bodyValidators.join(', ')} },`,
      `    validateResponse: { ${responseValidators.join(', ')} },`,
      '  }',
    ].join('\n');
  });
  return `[\n${routes.join(',\n')},\n]`;
}

function apiKeyHeader(service: ServiceModel): string {
  const header = service.securitySchemes.find((s) => s.type === 'apiKey' && s.in === 'header');
  return header?.paramName ? `, apiKeyHeader: ${JSON.stringify(header.paramName)}` : '';
}
