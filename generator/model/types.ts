// The intermediate model: everything the emitters need, built once from a bundled spec.
// Pure data; no emitter reads the OpenAPI document except through this model.
import type { OpenApiDocument } from './ref.js';
import type { SchemaView } from './read-write-views.js';
// The error style is data the generated server hands to its runtime as is: one definition, the runtime's.
import type { ErrorStyle, RouterAnswer, RouterAnswers } from '../../templates/runtime/server/errors.js';

export type JsonSchema = Record<string, any>;
export type { ErrorStyle };
export type ErrorFamily = ErrorStyle['family'];
/** One router answer: HTTP status and message template, with the graph code/subcode/type or the status name. */
export type RouterAnswerModel = RouterAnswer;

/** The answers the generated server's router gives by itself, each declared by the spec's x-error-style. */
export const ROUTER_ANSWERS = [
  'missingCredential',
  'unknownRoute',
  'wrongMethod',
  'invalidRequest',
  'bodyTooLarge',
  'internal',
] as const satisfies readonly (keyof RouterAnswers)[];
export type RouterAnswerName = (typeof ROUTER_ANSWERS)[number];

export type BodyKind = 'json' | 'form' | 'multipart-form' | 'multipart-related' | 'raw';
export type CredentialPlacement = 'access-token-query' | 'access-token-form' | 'bearer' | 'basic' | 'api-key' | 'none';

export interface ServiceModel {
  /** The package key (folder name), from the spec list. */
  key: string;
  /** PascalCase base for identifiers (package key `my-service` gives MyService). */
  name: string;
  title: string;
  version: string;
  description: string;
  errorStyle: ErrorStyle;
  /** `x-throttle-codes`: error codes that mean "throttled, wait and retry", whatever the HTTP status. */
  throttleCodes: number[];
  /** `x-request-id-headers`: answer headers that carry the service's request id, most specific first. */
  requestIdHeaders: string[];
  /** The document's first server, then every other server a path or an operation declares of its own. */
  servers: ServerModel[];
  /** The document's own `servers`, in order (the client's `server` option picks one by index or URL). */
  documentServers: ServerModel[];
  securitySchemes: SecuritySchemeModel[];
  operations: OperationModel[];
  /**
   * The requests the service sends (its webhooks, its operations' callbacks), each as an operation of a
   * receiver: typed handlers on the receiver side, typed senders on the sender side.
   */
  receivers: OperationModel[];
  rules: RuleModel[];
  /** The bundled document, for emitters that hand whole schemas to a library (types, validators). */
  document: OpenApiDocument;
  /** The components whose view differs in a request (readOnly members out) and in an answer (writeOnly out). */
  views: { request: Record<string, JsonSchema>; answer: Record<string, JsonSchema> };
}

/** A server: its URL as the spec writes it (`{upload_url}`, `https://uploads.github.com`) and its variables' defaults. */
export interface ServerModel {
  url: string;
  /** The URL with every variable at its default. */
  defaultUrl: string;
  variables: Record<string, string>;
  /** The values a variable may take, where the spec lists them (`enum`). */
  enums?: Record<string, string[]>;
}

export interface SecuritySchemeModel {
  name: string;
  type: string;
  in?: string;
  paramName?: string;
  scheme?: string;
  scopes?: string[];
}

/** One place a credential of a security scheme travels: a query parameter, a header, a form field. */
export interface CredentialSourceModel {
  scheme: string;
  /**
   * The credential's kind as handlers see it: an OAuth bearer token, an API key, or an access token sent as a
   * parameter (an apiKey scheme of an operation that declares `x-credential-in`, the Graph style).
   */
  kind: 'bearerToken' | 'apiKey' | 'accessToken' | 'basic';
  in: 'query' | 'header' | 'form' | 'cookie';
  /** Parameter, header or form field name (`authorization` for bearer tokens). */
  name: string;
}

export interface ParameterModel {
  name: string;
  /** Identifier used in generated code (camelCase-safe, unique within the operation). */
  identifier: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description: string;
  schema: JsonSchema;
  /** Coarse type for coercion on the server. */
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  /** OpenAPI serialisation (defaults: form + explode for query and cookie, simple for path and header). */
  style: 'form' | 'simple' | 'label' | 'matrix' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';
  explode: boolean;
  /** A credential parameter (an apiKey scheme's parameter): the client sets it from its credentials, not per call. */
  isCredential: boolean;
  defaultValue?: unknown;
  /** `x-invalid-code`: the Graph error code a value breaking this parameter's schema answers (default 100). */
  invalidCode?: number;
  /** `x-field-selection: true`: the parameter is a Graph field selection (the answer narrows to its fields). */
  fieldSelection?: boolean;
}

export interface RequestBodyModel {
  contentType: string;
  kind: BodyKind;
  /** The body's schema; for JSON lines (NDJSON), the schema of one line. */
  schema: JsonSchema;
  /** Form fields whose value is a JSON string (contentMediaType application/json), with the schema of the JSON. */
  jsonFields: { name: string; schema: JsonSchema }[];
  /**
   * multipart JSON fields that are arrays: OpenAPI sends an array one part per item (each JSON), a client may send
   * it as one part holding the array; the server reads either.
   */
  jsonItemFields: string[];
  /** Top-level property names of the body schema (allOf members and refs resolved). */
  fields: string[];
  /** Top-level property names the body schema requires (allOf members and refs resolved). */
  requiredFields: string[];
  /** multipart/form-data fields that carry a file (format: binary, or a non-JSON contentMediaType). */
  fileFields: string[];
  /**
   * Form and multipart fields whose value is an array or an object written in a style (the media type's `encoding`,
   * else form + explode): `tags=a&tags=b`, `address[city]=Paris`. JSON fields are not among them.
   */
  styledFields: StyledField[];
  /** multipart/form-data parts whose `encoding` names a content type (the part's Content-Type). */
  partTypes: Record<string, string>;
  /** multipart/form-data parts whose `encoding` declares headers of their own, with those headers' names. */
  partHeaders: Record<string, string[]>;
  /** The body's schema as a request sees it (readOnly members left out, at any depth), where that differs. */
  requestView?: SchemaView;
}

/** A form or multipart field written in an OpenAPI style: its coarse type, style and explode. */
export interface StyledField {
  name: string;
  type: 'array' | 'object';
  style: 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';
  explode: boolean;
}

export interface ResponseModel {
  status: string;
  description: string;
  /** The first media type of the response (the one the client reads). */
  contentType?: string;
  /** Every media type the response documents (a stream and its JSON form, for example). */
  contentTypes: string[];
  schema?: JsonSchema;
  /** Per JSON media type, its schema as an answer sees it (writeOnly members left out), where that differs. */
  answerViews: Record<string, SchemaView>;
  headers: string[];
  isError: boolean;
  /** The JSON schema of each `data:` event of its text/event-stream content (`x-sse-data`, or `itemSchema`). */
  sseData?: JsonSchema;
  /** The JSON schema of each line of its newline-delimited JSON content (`itemSchema`, else the content's schema). */
  linesData?: JsonSchema;
  /** An event's data and a line as an answer sees them (writeOnly members left out), where that differs. */
  itemViews?: { sse?: SchemaView; lines?: SchemaView };
}

export interface ErrorModel {
  http: number;
  /** Graph numeric code, or the canonical status name. */
  code: number | string;
  subcode?: number;
  when: string;
  /** What backs this error (empty when the spec gives none). */
  evidence: EvidenceModel[];
  /** `throttled: true`: the request was refused unprocessed for its rate (wait and retry), whatever its HTTP status. */
  throttled?: boolean;
}

export interface PaginationModel {
  /** Descriptive only (cursor | page-token): both walk the pages the same way, by the fields below. */
  style: 'cursor' | 'page-token';
  /** Field of the page that holds the items. */
  items: string;
  /** The request parameter that asks for the next page. */
  tokenParam: string;
  /** Dotted path of the page field holding the next page's token (`nextPageToken`, `paging.cursors.after`). */
  nextField: string;
  /** Dotted path of a page field whose presence says a next page exists (`paging.next`); default: the token's. */
  moreField?: string;
}

/** One request of an upload protocol: its method (default: the operation's) and the fixed headers it carries. */
export interface UploadStepModel {
  method?: string;
  headers: Record<string, string>;
}

/**
 * `x-media-upload`: the media upload protocols of an operation, every wire name from the spec.
 * multipart: one multipart/related request (metadata part, media part) with these headers.
 * resumable: start a session (its URL comes back in a header), send chunks at offsets, ask how much arrived.
 */
export interface MediaUploadModel {
  /** Parameters only a session URL carries (a session id): the upload helpers never take them from the caller. */
  sessionParameters?: string[];
  multipart?: UploadStepModel;
  resumable?: {
    /** Chunk sizes are multiples of this many bytes (every chunk but the last). */
    granularity: number;
    /** Default chunk size (a multiple of granularity). */
    chunkSize: number;
    start: UploadStepModel & {
      /** Request header announcing the total size, and the one announcing the media type (when the protocol has them). */
      sizeHeader?: string;
      typeHeader?: string;
      /** Answer header with the session URL (absolute, or relative to the start request's URL). */
      sessionHeader: string;
    };
    chunk: UploadStepModel & {
      /** Fixed headers of the last chunk instead of `headers` (a protocol that finalizes with it). */
      lastHeaders?: Record<string, string>;
      /** Request header with the chunk's byte offset. */
      offsetHeader: string;
      /** Content type of a chunk; default application/octet-stream. */
      contentType?: string;
    };
    query: UploadStepModel & {
      /** Answer header with the number of bytes the server holds. */
      receivedHeader: string;
    };
  };
}

/** A place in openapi-typescript's output: a root type and the keys (document text) that index it. */
export type TypesRef = readonly ['operations' | 'paths' | 'webhooks' | 'callbacks', ...string[]];

export interface OperationModel {
  /**
   * The operation's identifier in generated code: its operationId where that is a plain identifier, else the
   * operationId camel-cased, or method and path where it has none; unique within the service.
   */
  id: string;
  /** PascalCase of id, for type names (unique within the service). */
  typeName: string;
  /**
   * Where its type is in openapi-typescript's output, a root and the keys that index it: `operations["<operationId>"]`,
   * or `paths["<path>"]["<method>"]` for an operation without an operationId (openapi-typescript lists only those with
   * one under `operations`). Keys, not code: they are document text, which the emitters print as literals.
   */
  typesRef: TypesRef;
  method: string;
  path: string;
  /** The server the operation (or its path) declares of its own, when not the document's first. */
  server?: ServerModel;
  /** Every server the operation (or its path) declares of its own, where it declares more than one (`server` first). */
  servers?: ServerModel[];
  summary: string;
  description: string;
  tags: string[];
  deprecated: boolean;
  parameters: ParameterModel[];
  requestBodies: RequestBodyModel[];
  bodyRequired: boolean;
  /** `x-body-limit` (operation or request body): the largest body in bytes the operation takes. */
  bodyLimit?: number;
  /**
   * `x-max-depth` (operation or document root): the deepest nesting of arrays and objects its JSON bodies and
   * JSON-string form fields may hold; the generated server refuses deeper ones before validation.
   */
  maxDepth?: number;
  responses: ResponseModel[];
  /** The first 2xx response with a JSON body, when there is one. */
  success?: ResponseModel;
  streaming: boolean;
  /**
   * The newline-delimited JSON media type (NDJSON, JSON Lines) a success documents where none is plain JSON: the
   * answer is a stream of JSON values, one a line.
   */
  linesType?: string;
  errors: ErrorModel[];
  credentials: CredentialPlacement;
  /**
   * Where the operation's alternatives take credentials of different kinds (a bearer token or an API key, say):
   * each kind in order of preference, `credentials` first; the client sends the first kind it holds.
   */
  credentialChoices?: CredentialPlacement[];
  /** The operation's security allows a request without credentials (an empty requirement `{}`). */
  credentialsOptional: boolean;
  /**
   * The security alternatives as the spec writes them (scheme name -> scopes); any one satisfied suffices.
   * An empty alternative (anonymous calls allowed) is kept only where the spec means it (see build.ts).
   */
  security: Array<Record<string, string[]>>;
  /** Where each scheme of the operation's security takes its credential on the wire. */
  credentialSources: CredentialSourceModel[];
  /** The mutualTLS schemes its security names: the connection's certificate meets them, not the request. */
  transportSchemes?: string[];
  /** Every scope some alternative names (a token with the scopes of one alternative suffices). */
  scopes: string[];
  /** `x-idempotent`: sending the operation twice has the effect of sending it once (retries are safe). */
  idempotent?: boolean;
  /** `x-idempotency-key` (operation or root): the header that carries an idempotency key. */
  idempotencyKeyHeader?: string;
  pagination?: PaginationModel;
  /** `x-media-upload`: the upload protocols the operation speaks. */
  mediaUpload?: MediaUploadModel;
  /** Field names a `fields` selection parameter may name (Graph field expansion). */
  selectableFields?: string[];
  /** Where the selection applies: the answer itself, or the items of a paginated list (`pagination.items`). */
  selectionIn?: 'answer' | 'items';
  ruleIds: string[];
  /** A webhook or callback request (ServiceModel.receivers), with what names it in the spec. */
  receiver?: ReceiverModel;
}

export interface ReceiverModel {
  kind: 'webhook' | 'callback';
  /** The webhook's name, or the callback's. */
  name: string;
  /**
   * The JSON pointer of its operation object in the spec: `#/webhooks/<name>/<method>` (`#/x-webhooks/...` for a
   * webhook of OpenAPI 3.0's extension), `<operation's pointer>/callbacks/<name>/<expression>/<method>`.
   */
  pointer: string;
  /** A callback's URL as the spec writes it, a runtime expression (`{$request.query.callbackUrl}/data`). */
  expression?: string;
  /** The identifier of the operation that declares the callback. */
  owner?: string;
}

/** Where an expectation comes from (x-rules / x-errors `evidence`, `x-evidence`). */
export interface EvidenceModel {
  /** document: the service document; public: the public service; convention: this project's convention only. */
  kind: 'document' | 'public' | 'convention';
  /** The section of the document or notes, or the public source, or the convention's section. */
  ref: string;
  /** The part of an error expectation it backs: the error code (or status name) or the HTTP status; both when absent. */
  covers?: 'code' | 'http';
}

export interface RuleModel {
  id: string;
  service: string;
  text: string;
  source: string;
  statefulOnly: boolean;
  reason?: string;
  operationId?: string;
  violation?: { http: number; code?: number; status?: string };
  /** What backs the rule's behaviour (empty when the spec gives none). */
  evidence: EvidenceModel[];
  /** What backs the exact status/code of `violation`, when it differs from `evidence`. */
  violationEvidence?: EvidenceModel[];
}
