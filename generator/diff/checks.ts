// The registry of checks: every finding names one of these ids, and its level, direction and code effect come
// from here (docs/diff.md lists them). Schema checks are the same changes under four subjects (a body, a
// property, a parameter, a header): one table, the level by direction, since what narrows what a client may send
// breaks requests, and what widens what a server may answer breaks responses.
import type { Direction, Level } from './finding.js';
import { OASDIFF_IDS } from './oasdiff-ids.js';

/**
 * How a change reaches callers of the generated client: `breaks` code written against the base's types,
 * `compiles`, or `types`: decided by the TypeScript types of the two schemas (integer and number are both
 * `number`, so integer -> number breaks the wire and no code).
 */
export type CodeEffect = 'breaks' | 'compiles' | 'types';

export interface Check {
  id: string;
  level: Level;
  direction: Direction;
  /** The oasdiff rule of the same change, where one matches (its registry, checker/rules.go). */
  oasdiff?: string;
  code: CodeEffect;
  description: string;
}

export type SchemaSubject = 'body' | 'property' | 'parameter' | 'parameter-property' | 'header';

/** A schema change: [request level, response level, request code effect, response code effect, description]. */
type SchemaChange = [Level, Level, CodeEffect, CodeEffect, string];

const bound = (tighter: string, looser: string, name: string): Record<string, SchemaChange> => ({
  [tighter]: ['error', 'info', 'compiles', 'compiles', `${name} made stricter`],
  [looser]: ['info', 'error', 'compiles', 'compiles', `${name} relaxed`],
  [`${name}-set`]: ['warning', 'info', 'compiles', 'compiles', `${name} set where there was none`],
  [`${name}-unset`]: ['info', 'error', 'compiles', 'compiles', `${name} removed`],
});

const keyword = (name: string, words: string): Record<string, SchemaChange> => ({
  [`${name}-added`]: ['error', 'info', 'compiles', 'compiles', `${words} added`],
  [`${name}-removed`]: ['info', 'error', 'compiles', 'compiles', `${words} removed`],
});

export const SCHEMA_CHANGES: Record<string, SchemaChange> = {
  'type-changed': [
    'error',
    'error',
    'types',
    'types',
    'type changed to one that neither includes nor is included by the old',
  ],
  'type-generalized': ['info', 'error', 'types', 'types', 'type widened (integer to number, a type added)'],
  'type-specialized': ['error', 'info', 'types', 'types', 'type narrowed (number to integer, a type removed)'],
  'format-changed': ['error', 'error', 'compiles', 'compiles', 'format changed'],
  'format-added': ['error', 'info', 'compiles', 'compiles', 'format added'],
  'format-removed': ['info', 'error', 'compiles', 'compiles', 'format removed'],
  'became-nullable': ['info', 'error', 'compiles', 'breaks', 'null allowed'],
  'became-not-nullable': ['error', 'info', 'breaks', 'compiles', 'null no longer allowed'],
  'enum-value-added': ['info', 'warning', 'compiles', 'breaks', 'enum value added'],
  'enum-value-removed': ['error', 'info', 'breaks', 'compiles', 'enum value removed'],
  'became-enum': ['error', 'info', 'breaks', 'compiles', 'values restricted to an enum'],
  'enum-removed': ['info', 'warning', 'compiles', 'breaks', 'enum removed: any value of the type allowed'],
  'x-extensible-enum-value-added': [
    'info',
    'info',
    'compiles',
    'compiles',
    'x-extensible-enum value added (clients were told to expect more)',
  ],
  'x-extensible-enum-value-removed': ['error', 'info', 'compiles', 'compiles', 'x-extensible-enum value removed'],
  'const-added': ['error', 'info', 'breaks', 'compiles', 'const added'],
  'const-changed': ['error', 'error', 'breaks', 'breaks', 'const changed'],
  'const-removed': ['info', 'error', 'compiles', 'breaks', 'const removed'],
  ...bound('max-decreased', 'max-increased', 'max'),
  ...bound('min-increased', 'min-decreased', 'min'),
  ...bound('exclusive-max-decreased', 'exclusive-max-increased', 'exclusive-max'),
  ...bound('exclusive-min-increased', 'exclusive-min-decreased', 'exclusive-min'),
  ...bound('max-length-decreased', 'max-length-increased', 'max-length'),
  ...bound('min-length-increased', 'min-length-decreased', 'min-length'),
  ...bound('max-items-decreased', 'max-items-increased', 'max-items'),
  ...bound('min-items-increased', 'min-items-decreased', 'min-items'),
  ...bound('max-properties-decreased', 'max-properties-increased', 'max-properties'),
  ...bound('min-properties-increased', 'min-properties-decreased', 'min-properties'),
  ...bound('max-contains-decreased', 'max-contains-increased', 'max-contains'),
  ...bound('min-contains-increased', 'min-contains-decreased', 'min-contains'),
  'pattern-added': ['error', 'info', 'compiles', 'compiles', 'pattern added'],
  // A client rarely checks an answer's pattern: a pattern loosened in a response is info, as oasdiff has it.
  'pattern-removed': ['info', 'info', 'compiles', 'compiles', 'pattern removed'],
  'pattern-changed': ['warning', 'info', 'compiles', 'compiles', 'pattern changed'],
  'pattern-generalized': ['info', 'info', 'compiles', 'compiles', 'pattern replaced by one matching anything'],
  'content-schema-added': ['error', 'info', 'compiles', 'compiles', 'contentSchema added'],
  'content-schema-removed': ['info', 'error', 'compiles', 'compiles', 'contentSchema removed'],
  'content-media-type-changed': ['error', 'error', 'compiles', 'compiles', 'contentMediaType changed'],
  'content-encoding-changed': ['error', 'error', 'compiles', 'compiles', 'contentEncoding changed'],
  'multiple-of-changed': ['warning', 'warning', 'compiles', 'compiles', 'multipleOf changed'],
  'unique-items-added': ['error', 'info', 'compiles', 'compiles', 'uniqueItems required'],
  'unique-items-removed': ['info', 'error', 'compiles', 'compiles', 'uniqueItems no longer required'],
  'additional-properties-closed': ['error', 'info', 'breaks', 'compiles', 'properties not listed are now refused'],
  'additional-properties-opened': ['info', 'warning', 'compiles', 'compiles', 'properties not listed are now allowed'],
  'one-of-added': ['info', 'error', 'compiles', 'breaks', 'oneOf alternative added'],
  'one-of-removed': ['error', 'info', 'breaks', 'compiles', 'oneOf alternative removed'],
  'any-of-added': ['info', 'error', 'compiles', 'breaks', 'anyOf alternative added'],
  'any-of-removed': ['error', 'info', 'breaks', 'compiles', 'anyOf alternative removed'],
  'discriminator-added': ['info', 'info', 'compiles', 'compiles', 'discriminator added'],
  'discriminator-removed': ['info', 'info', 'compiles', 'compiles', 'discriminator removed'],
  'discriminator-property-name-changed': ['error', 'error', 'breaks', 'breaks', 'discriminator property renamed'],
  'discriminator-mapping-added': ['info', 'warning', 'compiles', 'breaks', 'discriminator mapping value added'],
  'discriminator-mapping-deleted': ['error', 'info', 'breaks', 'compiles', 'discriminator mapping value removed'],
  'discriminator-mapping-changed': ['error', 'error', 'breaks', 'breaks', 'discriminator value maps to another schema'],
  'default-value-added': ['info', 'info', 'compiles', 'compiles', 'default added'],
  'default-value-changed': ['info', 'info', 'compiles', 'compiles', 'default changed'],
  'default-value-removed': ['info', 'info', 'compiles', 'compiles', 'default removed'],
  'added-required': ['error', 'info', 'breaks', 'compiles', 'required property added'],
  'added-optional': ['info', 'info', 'compiles', 'compiles', 'optional property added'],
  'removed-required': ['warning', 'error', 'breaks', 'breaks', 'required property removed'],
  'removed-optional': ['warning', 'warning', 'breaks', 'breaks', 'optional property removed'],
  'became-required': ['error', 'info', 'breaks', 'compiles', 'property became required'],
  'became-optional': ['info', 'error', 'compiles', 'breaks', 'property became optional'],
  'became-read-only': ['warning', 'info', 'compiles', 'compiles', 'property became readOnly (not to be sent)'],
  'became-not-read-only': ['info', 'info', 'compiles', 'compiles', 'property no longer readOnly'],
  'became-write-only': ['info', 'warning', 'compiles', 'compiles', 'property became writeOnly (no longer answered)'],
  'became-not-write-only': ['info', 'info', 'compiles', 'compiles', 'property no longer writeOnly'],
  deprecated: ['info', 'info', 'compiles', 'compiles', 'deprecated'],
  reactivated: ['info', 'info', 'compiles', 'compiles', 'no longer deprecated'],
  ...keyword('if', 'if (a conditional schema)'),
  ...keyword('then', 'then'),
  ...keyword('else', 'else'),
  ...keyword('contains', 'contains'),
  // As oasdiff rates them: items added to a tuple's prefix are read as a longer tuple allowed.
  'prefix-items-added': ['info', 'error', 'compiles', 'compiles', 'prefixItems: items added'],
  'prefix-items-removed': ['error', 'info', 'compiles', 'compiles', 'prefixItems: items removed'],
  'dependent-required-changed': ['error', 'error', 'compiles', 'compiles', 'a dependentRequired entry changed'],
  'wrapped-in-one-of': [
    'error',
    'error',
    'breaks',
    'breaks',
    'the schema became a oneOf of alternatives: a value matching two of them is refused',
  ],
  'added-required-with-default': ['error', 'info', 'breaks', 'compiles', 'required property with a default added'],
  'became-required-with-default': ['error', 'info', 'breaks', 'compiles', 'property with a default became required'],
  ...keyword('pattern-property', 'a patternProperties entry'),
  ...keyword('dependent-required', 'a dependentRequired entry'),
  ...keyword('dependent-schema', 'a dependentSchemas entry'),
  ...keyword('property-names', 'propertyNames'),
  ...keyword('unevaluated-properties', 'unevaluatedProperties'),
  ...keyword('unevaluated-items', 'unevaluatedItems'),
  ...keyword('not', 'not'),
};

/** A schema change's level in a direction, as the table gives it (a change inside `not` takes the other's). */
export function schemaLevel(change: string, direction: 'request' | 'response'): Level | undefined {
  const row = SCHEMA_CHANGES[change];
  return row && (direction === 'request' ? row[0] : row[1]);
}

/** oasdiff ids whose name does not follow `<direction>-<subject>-<change>`. */
const OASDIFF_ALIASES: Record<string, string> = {
  'request.property.added-required': 'new-required-request-property',
  'request.property.added-optional': 'new-optional-request-property',
  'request.property.added-required-with-default': 'new-required-request-property-with-default',
  'request.property.removed-required': 'request-property-removed',
  'request.property.removed-optional': 'request-property-removed',
  'response.property.added-required': 'response-required-property-added',
  'response.property.added-optional': 'response-optional-property-added',
  'response.property.removed-required': 'response-required-property-removed',
  'response.property.removed-optional': 'response-optional-property-removed',
  'request.parameter.format-changed': 'request-parameter-type-changed',
  'request.property.format-changed': 'request-property-type-changed',
  'request.body.format-changed': 'request-body-type-changed',
  'response.property.format-changed': 'response-property-type-changed',
  'response.body.format-changed': 'response-body-type-changed',
  'request.property.became-read-only': 'request-optional-property-became-read-only',
  'request.property.became-not-read-only': 'request-optional-property-became-not-read-only',
  'response.property.became-write-only': 'response-optional-property-became-write-only',
  'response.property.became-not-write-only': 'response-optional-property-became-not-write-only',
  'response.header.removed-required': 'required-response-header-removed',
  'response.header.removed-optional': 'optional-response-header-removed',
};

const SUBJECTS: Array<[Direction, SchemaSubject]> = [
  ['request', 'body'],
  ['request', 'property'],
  ['request', 'parameter'],
  ['request', 'parameter-property'],
  ['response', 'body'],
  ['response', 'property'],
  ['response', 'header'],
];

/** Levels a parameter's schema changes take that differ from a body's: a default the server applies. */
const PARAMETER_LEVELS: Record<string, Level> = {
  'default-value-added': 'error',
  'default-value-changed': 'error',
  'default-value-removed': 'error',
};

const OTHER_CHECKS: Array<[string, Level, Direction, string | undefined, CodeEffect, string]> = [
  ['endpoint.added', 'info', 'none', 'endpoint-added', 'compiles', 'an operation added'],
  [
    'endpoint.removed',
    'error',
    'none',
    'api-removed-without-deprecation',
    'breaks',
    'an operation removed without being deprecated first',
  ],
  [
    'endpoint.removed-deprecated',
    'info',
    'none',
    'api-removed-with-deprecation',
    'breaks',
    'a deprecated operation removed (its sunset, if any, passed)',
  ],
  [
    'endpoint.removed-before-sunset',
    'error',
    'none',
    'api-removed-before-sunset',
    'breaks',
    'a deprecated operation removed before its x-sunset date',
  ],
  [
    'path.removed',
    'error',
    'none',
    'api-path-removed-without-deprecation',
    'breaks',
    'a path and its operations removed without deprecation',
  ],
  [
    'path.removed-deprecated',
    'info',
    'none',
    'api-path-removed-with-deprecation',
    'breaks',
    'a path whose operations were all deprecated removed',
  ],
  [
    'path.removed-before-sunset',
    'error',
    'none',
    'api-path-removed-before-sunset',
    'breaks',
    'a deprecated path removed before its x-sunset date',
  ],
  ['endpoint.deprecated', 'info', 'none', 'endpoint-deprecated', 'compiles', 'an operation deprecated'],
  ['endpoint.reactivated', 'info', 'none', 'endpoint-reactivated', 'compiles', 'an operation no longer deprecated'],
  [
    'endpoint.stability-decreased',
    'error',
    'none',
    'api-stability-decreased',
    'compiles',
    'x-stability-level lowered (stable to beta, say)',
  ],
  ['endpoint.stability-increased', 'info', 'none', 'api-stability-increased', 'compiles', 'x-stability-level raised'],
  [
    'endpoint.operation-id-changed',
    'info',
    'none',
    'api-operation-id-removed',
    'breaks',
    'operationId changed: the same wire, a renamed client function',
  ],
  [
    'endpoint.operation-id-added',
    'info',
    'none',
    'api-operation-id-added',
    'breaks',
    'operationId given where there was none: the client function is renamed',
  ],
  ['endpoint.tag-added', 'info', 'none', 'api-tag-added', 'compiles', 'a tag added to an operation'],
  ['endpoint.tag-removed', 'info', 'none', 'api-tag-removed', 'compiles', 'a tag removed from an operation'],
  [
    'request.parameter.added-required',
    'error',
    'request',
    'new-required-request-parameter',
    'breaks',
    'a required parameter added',
  ],
  [
    'request.parameter.added-optional',
    'info',
    'request',
    'new-optional-request-parameter',
    'compiles',
    'an optional parameter added',
  ],
  [
    'request.parameter.added-path',
    'error',
    'request',
    'new-request-path-parameter',
    'breaks',
    'a path parameter added',
  ],
  [
    'request.parameter.removed',
    'warning',
    'request',
    'request-parameter-removed',
    'breaks',
    'a parameter removed (the server may refuse or ignore it)',
  ],
  [
    'request.parameter.removed-deprecated',
    'info',
    'request',
    'request-parameter-removed-with-deprecation',
    'breaks',
    'a deprecated parameter removed',
  ],
  [
    'request.parameter.became-required',
    'error',
    'request',
    'request-parameter-became-required',
    'breaks',
    'a parameter became required',
  ],
  [
    'request.parameter.became-optional',
    'info',
    'request',
    'request-parameter-became-optional',
    'compiles',
    'a parameter became optional',
  ],
  [
    'request.parameter.serialization-changed',
    'error',
    'request',
    undefined,
    'compiles',
    'a parameter is written differently on the wire (style, explode, allowReserved)',
  ],
  [
    'request.parameter.deprecated',
    'info',
    'request',
    'request-parameter-deprecated',
    'compiles',
    'a parameter deprecated',
  ],
  [
    'request.body.added-required',
    'error',
    'request',
    'request-body-added-required',
    'breaks',
    'a required request body added',
  ],
  [
    'request.body.added-optional',
    'info',
    'request',
    'request-body-added-optional',
    'compiles',
    'an optional request body added',
  ],
  ['request.body.removed', 'error', 'request', 'request-body-removed', 'breaks', 'the request body removed'],
  [
    'request.body.became-required',
    'error',
    'request',
    'request-body-became-required',
    'breaks',
    'the request body became required',
  ],
  [
    'request.body.became-optional',
    'info',
    'request',
    'request-body-became-optional',
    'compiles',
    'the request body became optional',
  ],
  [
    'request.media-type.added',
    'info',
    'request',
    'request-body-media-type-added',
    'compiles',
    'a request media type added',
  ],
  [
    'request.media-type.schema-added',
    'error',
    'request',
    'request-body-media-type-schema-added',
    'breaks',
    'a schema given to a request media type that had none',
  ],
  [
    'request.media-type.schema-removed',
    'info',
    'request',
    'request-body-media-type-schema-removed',
    'compiles',
    'a request media type no longer has a schema',
  ],
  [
    'response.media-type.schema-added',
    'info',
    'response',
    'response-body-media-type-schema-added',
    'compiles',
    'a schema given to a response media type that had none',
  ],
  [
    'response.media-type.schema-removed',
    'warning',
    'response',
    'response-body-media-type-schema-removed',
    'breaks',
    'a response media type no longer has a schema',
  ],
  ['webhook.added', 'info', 'none', 'webhook-added', 'compiles', 'a webhook added'],
  ['callback.added', 'info', 'none', undefined, 'compiles', 'a callback added to an operation'],
  [
    'callback.removed',
    'error',
    'none',
    undefined,
    'breaks',
    'a callback removed: receivers the client set up for it get nothing',
  ],
  ['link.added', 'info', 'response', undefined, 'compiles', 'a response link added'],
  [
    'link.removed',
    'warning',
    'response',
    undefined,
    'compiles',
    'a response link removed: a client that follows it loses the way (nothing on the wire changes)',
  ],
  [
    'link.changed',
    'warning',
    'response',
    undefined,
    'compiles',
    'a response link leads elsewhere or passes other values (its operation, parameters, body or server)',
  ],
  [
    'webhook.removed',
    'error',
    'none',
    'webhook-removed',
    'breaks',
    'a webhook removed: receivers built for it get nothing',
  ],
  [
    'request.media-type.removed',
    'error',
    'request',
    'request-body-media-type-removed',
    'breaks',
    'a request media type removed',
  ],
  ['response.status.added', 'info', 'response', 'response-success-status-added', 'compiles', 'a response status added'],
  [
    'response.status.removed',
    'error',
    'response',
    'response-success-status-removed',
    'breaks',
    'a success status removed',
  ],
  [
    'response.status.removed-non-success',
    'info',
    'response',
    'response-non-success-status-removed',
    'compiles',
    'an error status removed',
  ],
  [
    'response.media-type.added',
    'info',
    'response',
    'response-media-type-added',
    'compiles',
    'a response media type added',
  ],
  [
    'response.media-type.removed',
    'error',
    'response',
    'response-media-type-removed',
    'breaks',
    'a response media type removed',
  ],
  ['response.header.added', 'info', 'response', 'response-header-added', 'compiles', 'a response header added'],
  [
    'response.header.removed-required',
    'error',
    'response',
    'required-response-header-removed',
    'compiles',
    'a required response header removed',
  ],
  [
    'response.header.removed-optional',
    'warning',
    'response',
    'optional-response-header-removed',
    'compiles',
    'an optional response header removed',
  ],
  [
    'response.header.became-optional',
    'error',
    'response',
    'response-header-became-optional',
    'compiles',
    'a response header became optional',
  ],
  ['response.header.became-required', 'info', 'response', undefined, 'compiles', 'a response header became required'],
  [
    'security.tightened',
    'error',
    'request',
    'api-security-added',
    'compiles',
    'a credential the old requests did not carry is now required',
  ],
  [
    'security.loosened',
    'info',
    'request',
    'api-security-removed',
    'compiles',
    'a new way to authenticate (or none) accepted',
  ],
  [
    'security.scope-added',
    'error',
    'request',
    'api-security-scope-added',
    'compiles',
    'a scope added to a security requirement',
  ],
  [
    'security.scope-removed',
    'info',
    'request',
    'api-security-scope-removed',
    'compiles',
    'a scope removed from a security requirement',
  ],
  [
    'security.scheme-changed',
    'error',
    'request',
    'api-security-component-type-changed',
    'compiles',
    'a security scheme sends its credential differently',
  ],
  [
    'security.scheme-removed',
    'info',
    'none',
    'api-security-component-removed',
    'compiles',
    'a security scheme removed from components',
  ],
  [
    'security.scheme-added',
    'info',
    'none',
    'api-security-component-added',
    'compiles',
    'a security scheme added to components',
  ],
  [
    'components.schema-renamed',
    'info',
    'none',
    undefined,
    'breaks',
    'a component schema renamed, its content equal: the wire is the same, its generated type is renamed',
  ],
  [
    'components.schema-removed',
    'info',
    'none',
    'api-schema-removed',
    'breaks',
    'a component schema removed: its generated type is gone',
  ],
];

export const RECEIVER_KINDS = ['webhook', 'callback'] as const;
/** What of a webhook's or callback's request and answer is compared: media types and schemas. */
const RECEIVER_SUBJECT = /^(request|response)\.(body|property|media-type)\./;

function build(): Map<string, Check> {
  const checks = new Map<string, Check>();
  for (const [direction, subject] of SUBJECTS) {
    for (const [change, [requestLevel, responseLevel, requestCode, responseCode, description]] of Object.entries(
      SCHEMA_CHANGES,
    )) {
      const id = `${direction}.${subject}.${change}`;
      const named = OASDIFF_ALIASES[id] ?? `${direction}-${subject}-${change}`;
      let level = direction === 'request' ? requestLevel : responseLevel;
      if (subject === 'parameter') level = PARAMETER_LEVELS[change] ?? level;
      checks.set(id, {
        id,
        level,
        direction,
        oasdiff: OASDIFF_IDS.has(named) ? named : undefined,
        code: direction === 'request' ? requestCode : responseCode,
        description: `${subject}: ${description}`,
      });
    }
  }
  for (const [id, level, direction, oasdiff, code, description] of OTHER_CHECKS)
    checks.set(id, { id, level, direction, oasdiff, code, description });
  // A webhook or callback request is sent by the API and answered by the client's receiver: its body takes the
  // levels of a response (a property added does not break the receiver, one removed does), its answer those of a
  // request. The direction stays the request's or answer's own.
  for (const kind of RECEIVER_KINDS)
    for (const [id, c] of [...checks]) {
      if (!RECEIVER_SUBJECT.test(id)) continue;
      const twin = checks.get(id.replace(/^(request|response)/, (d) => (d === 'request' ? 'response' : 'request')));
      checks.set(`${kind}.${id}`, {
        id: `${kind}.${id}`,
        level: (twin ?? c).level,
        direction: c.direction,
        code: (twin ?? c).code,
        description: `${kind} ${c.description}`,
      });
    }
  return checks;
}

export const CHECKS: ReadonlyMap<string, Check> = build();

export function check(id: string): Check {
  const found = CHECKS.get(id);
  if (!found) throw new Error(`no check ${id} in the registry`);
  return found;
}
