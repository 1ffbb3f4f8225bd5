// Copied from templates/runtime/server/route-def.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// What the generated server hands the router about each operation: its method and path, parameters, request
// bodies, security, limits and compiled validators.
import type { BodyDef } from './body.js';
import type { DocumentedErrorDef } from './errors.js';
import type { RefusalTemplate } from './refusals.js';

export interface ValidationError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}
export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
  /** Compiles the validator now rather than on its first call (a generated one compiles on first use); throws what ajv refuses. */
  compile?(): void;
}

export interface ParamDef {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  type: string;
  required: boolean;
  /** Graph code for a value that breaks the parameter's schema (the spec's x-invalid-code); default: the x-error-style's invalidRequest code. */
  invalidCode?: number;
  /** OpenAPI style / explode of an array or object parameter, and of a label or matrix path parameter. */
  style?: string;
  explode?: boolean;
  /**
   * The values a path parameter takes (its enum, as they travel), where it shares a segment with another parameter
   * and no text between them says where one ends (`{pageName}{extension}`): the router splits the segment by them.
   */
  values?: string[];
}

/** One place a route takes the credential of a security scheme. */
export interface CredentialSource {
  scheme: string;
  /** The Credentials field the value fills. */
  kind: 'bearerToken' | 'apiKey' | 'accessToken' | 'basic';
  in: 'query' | 'header' | 'form' | 'cookie';
  /** Parameter, header or form field name; `authorization` (a Bearer token) for bearer schemes. */
  name: string;
}

export interface RouteDef {
  operationId: string;
  method: string;
  path: string;
  params: ParamDef[];
  /**
   * Required header and query parameters of one value each, where other routes share this one's method and path:
   * the router gives a request to the first of those routes whose values it carries (AWS's `X-Amz-Target`), and
   * the pairs of a query its path key carries (`/rest?method=flickr.photos.search`; without a value, `lat={lat}`:
   * the name present with any value), and a required body's media types, one of which the Content-Type names (a
   * range takes its types). Header names in lower case.
   */
  fixed?: Array<{ in: 'header' | 'query'; name: string; value?: string; media?: string[] }>;
  /** Path parameters the request carries in its query, where the path key's query names them (`lat={lat}`). */
  pathFromQuery?: Array<{ parameter: string; query: string }>;
  bodies: BodyDef[];
  bodyRequired: boolean;
  /** 'required': a credential must be present; 'optional': the operation also allows anonymous calls. */
  security: 'required' | 'optional';
  /**
   * The operation's security alternatives (scheme name -> scopes): a request must carry the credentials of
   * every scheme of one of them; an empty alternative allows anonymous calls. Absent: any credential will do.
   */
  securityRequirements?: Array<Record<string, string[]>>;
  /**
   * The route's mutualTLS schemes: met by the connection, not the request (a client certificate the TLS socket
   * verified, or one the router's clientCertificate hook vouches for).
   */
  transportSchemes?: string[];
  /** Where the route takes each scheme's credential; a credential sent anywhere else is not one. */
  credentialSources?: CredentialSource[];
  /** Every scope some alternative accepts, for the authenticate hook (the router cannot read a token's scopes). */
  scopes?: string[];
  /** The largest request body this route reads (the spec's x-body-limit); default: the router's limit of its kind. */
  maxBodyBytes?: number;
  /**
   * A successful answer declares an `ETag` header: the router gives every such answer one (the handler's, or
   * one made from its bytes) and answers a read whose If-None-Match names it 304.
   */
  etag?: boolean;
  /** The operation's documented 412 (x-errors): what `input.checkIfMatch` answers when If-Match does not hold. */
  preconditionFailed?: DocumentedErrorDef;
  validateParams: ValidateFunction;
  validateBody: Record<string, ValidateFunction>;
  validateResponse: Record<string, ValidateFunction>;
  /** Per status whose answer documents JSON lines (NDJSON): the validator of one line, checked line by line. */
  validateLines?: Record<string, ValidateFunction>;
  /**
   * Per status whose answer is XML with a schema that describes more than a string: its reader (xml-body.ts, the
   * shapes the client reads the answer with) and the validator of the value read, for validateResponses.
   */
  validateXml?: Record<string, { read: (text: string, maxDepth: number) => unknown; validate: ValidateFunction }>;
  /**
   * The media types each documented answer (`200`, `4XX`, `default`) offers, where some answer offers another than
   * JSON alone: the router chooses among them by the request's Accept (negotiation.ts). Absent: answers are JSON.
   */
  answerTypes?: Record<string, string[]>;
  /**
   * Every status the operation documents (`200`, `4XX`, `default`): an answer is checked against the schema of the
   * one that documents its status, never a wider one's. Absent: the exact status, then its range, then default
   * among those with a validator.
   */
  responses?: string[];
  /**
   * A spec without x-error-style: the error responses (`400`, `4XX`, `default`) documented in JSON or text, as
   * templates the router's own refusals are written in (refusals.ts).
   */
  refusals?: Record<string, RefusalTemplate>;
}
