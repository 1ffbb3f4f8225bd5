// The round trip of one public document (test/generator/corpus-roundtrip*.test.ts): the generated server, with
// handlers answering each operation's first documented success (JSON: the spec's example where the package's own
// validator accepts it, else a value roundtrip-draw.ts draws from its schema that it accepts; text or bytes with
// their media type otherwise), called through the generated client with values derived
// from each required parameter's and JSON body's schema (an XML body's too, which the client writes as the XML
// Object says). The server validates its answers too (validateResponses):
// every answer is one the spec says is valid, and every request one it accepts; a body its schema refuses is
// answered 400.
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { startPrism } from '../../contracts/targets/prism-process.js';
import {
  buildServiceModel,
  loadSpecFile,
  type OperationModel,
  resolveRef,
  type ServiceModel,
  unmetSecurityReason,
} from '../../generator/model/index.js';
import { xmlAnswers } from '../../generator/emitters/operation-types.js';
import { readsXml, xmlBodyShape } from '../../generator/emitters/xml-shapes.js';
import { checksText } from '../../generator/emitters/text-bodies.js';
import { isFieldsType, isFormText } from '../../generator/model/fieldless-forms.js';
import { hiddenOperations, takenParts } from '../../generator/model/fixed-parameters.js';
import { isLinesType } from '../../generator/model/media-types.js';
import { generatePackage } from '../../generator/pipeline.js';
import type { CorpusDocument } from './corpus.js';
import { noValueReason } from './no-value-reasons.js';
import { xmlText } from '../../templates/runtime/xml/write.js';
import { writePackage } from '../support/package-folder.js';
import {
  documentedExample,
  LARGEST_PARAMETER,
  memberSchemas,
  mergedSchema,
  nonEmpty,
  sample,
  textLeaves,
  type Validate,
  validValue,
} from './roundtrip-draw.js';
import { type Received, recordingListener } from './roundtrip-received.js';
import { filledObjects, nests, noWireForm, writableForm } from './roundtrip-wire-forms.js';
import { literalSiblingValues } from './literal-siblings.js';
import { unambiguousParameter } from './unambiguous-parameters.js';
import { essence, isJson, isText, isXml } from './roundtrip-media.js';
import { prismNotes } from './roundtrip-prism-notes.js';

/** What a document's round trip leaves out, each entry `<operation>: <what>`, with the reason beside it. */
export interface RoundTripExpectations {
  /** Values no schema draw satisfies (the document's own schema admits none). */
  unsatisfiable?: string[];
  /** Operations whose only bodies are not JSON, forms or bytes. */
  skipped?: string[];
  /**
   * Operations Prism answers wrongly through no fault of the request, each `<operation>: <why>` (Prism's issue where
   * one is filed): the Prism leg expects exactly these to fail, so a Prism that mends one is noticed. One whose why
   * starts with `crashes` (the Prism process dies on it) is not sent: a restart costs seconds.
   */
  prismFaults?: string[];
}

/** Where the round trip sends its requests: the generated server, Prism's mock of the same document, or both. */
export interface RoundTripTargets {
  server: boolean;
  prism: boolean;
}

/**
 * One violation Prism found in a request (its `sl-violations` header), as `<location>: <message>`; only its errors
 * count (a deprecated parameter sent is a warning).
 */
export interface PrismViolation {
  location?: string[];
  message?: string;
  severity?: string;
}

/**
 * Prism's `sl-violations` header: their JSON, or past 8 KB "Too many violations! " and the JSON cut short, of which
 * each violation written whole is read.
 */
export function prismViolations(header: string): PrismViolation[] {
  const cut = 'Too many violations! ';
  if (!header.startsWith(cut)) return JSON.parse(header) as PrismViolation[];
  return [...header.slice(cut.length).matchAll(/\{"location":\[[^\]]*\][^{}]*\}/g)].flatMap((m) => {
    try {
      return [JSON.parse(m[0]) as PrismViolation];
    } catch {
      return [];
    }
  });
}

/**
 * What a call gave, as a promise: a stream (an event stream, JSON lines) is read to its end, its values in order,
 * so that a stream's refusal rejects as a plain call's does.
 */
async function outcome(call: unknown): Promise<unknown> {
  const data = await call;
  if (!data || typeof data !== 'object' || !(Symbol.asyncIterator in data)) return data;
  const values: unknown[] = [];
  for await (const value of data as AsyncIterable<unknown>) values.push(value);
  return values;
}

/** One target's result for one document: a line of SPEC_FIRST_ROUNDTRIP_REPORT. */
export interface RoundTripLine {
  document: string;
  target: 'server' | 'receiver' | 'prism';
  operations: number;
  called: number;
  failures: string[];
  unsatisfiable: string[];
  skipped: string[];
  /** What stopped the target before any call (Prism that did not start), where something did. */
  stopped?: string;
}

/**
 * SPEC_FIRST_ROUNDTRIP_REPORT=<file>: each target's result for each document appended as one JSON line (the bench's
 * table, bench/corpus-roundtrip.ts).
 */
function report(line: RoundTripLine): void {
  const file = process.env.SPEC_FIRST_ROUNDTRIP_REPORT;
  if (file) fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** How long Prism may take to start on a document: SPEC_FIRST_ROUNDTRIP_PRISM_START_MS, else three minutes. */
function prismStartMs(): number {
  const given = Number(process.env.SPEC_FIRST_ROUNDTRIP_PRISM_START_MS);
  return Number.isFinite(given) && given > 0 ? given : 180_000;
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-roundtrip-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// A media type an answer can name for a documented one: JSON where the answer is JSON and the range admits it,
// else the range's bytes (`application/octet-stream` for any type).
function concrete(type: string, json = false): string {
  if (!type.includes('*')) return type;
  if (json) return 'application/json';
  return type === '*/*' ? 'application/octet-stream' : type.replace(/\/\*.*$/, '/octet-stream');
}

/** Whether a schema describes more than a string or bytes: an object, an array, or a reference to one. */
function structured(model: ServiceModel, schema: unknown): boolean {
  const s = resolveRef<any>(model.document, schema ?? {});
  if (!s || typeof s !== 'object') return false;
  const types = [s.type].flat().filter(Boolean);
  return types.length > 0 ? types.some((t) => t === 'object' || t === 'array') : !!(s.properties || s.items);
}

/** A value without the object members that are empty arrays, at any depth. */
function withoutEmptyArrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmptyArrays);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => !(Array.isArray(member) && member.length === 0))
      .map(([key, member]) => [key, withoutEmptyArrays(member)]),
  );
}

/** The operation object behind a modelled operation, or behind a webhook or callback request. */
function operationObject(model: ServiceModel, o: OperationModel): any {
  const method = o.method.toLowerCase();
  const r = o.receiver;
  if (!r) return model.document.paths[o.path][method];
  if (r.kind === 'webhook') {
    const map = r.pointer.startsWith('#/x-webhooks/') ? model.document['x-webhooks'] : model.document.webhooks;
    return resolveRef<any>(model.document, map[r.name])[method];
  }
  const owner = model.operations.find((x) => x.id === r.owner)!;
  const callback = resolveRef<any>(model.document, operationObject(model, owner).callbacks[r.name]);
  return resolveRef<any>(model.document, callback[r.expression!])[method];
}

export function roundTripSuite(
  d: CorpusDocument,
  expected: RoundTripExpectations = {},
  targets: RoundTripTargets = { server: true, prism: false },
  /** Where the generated server (and receiver) push each request they received, its body read (the round trip's own tests). */
  received?: Received[],
): void {
  describe(d.name, () => {
    let model: ServiceModel;
    let server: RunningServer;
    let receiver: RunningServer | undefined;
    let pkg: { client: any; server: any; validators: Record<string, Validate> };
    const answers = new Map<string, { status: number; body: unknown; headers?: Record<string, string> }>();
    // The value the client reads an XML answer as: the value drawn from its schema, which the handler answers as XML.
    const readAs = new Map<string, unknown>();
    const unsatisfiable: string[] = [];
    const skipped: string[] = [];
    const serverErrors: string[] = [];
    /** ` (why)` where a schema the round trip found no value for is shown to admit none (no-value-reasons.ts). */
    const reason = (schema: unknown) => noValueReason(model.document, schema, (x) => mergedSchema(model, x));

    beforeAll(async () => {
      const dir = path.join(root, d.name);
      writePackage(dir, await generatePackage({ key: d.name, spec: d.spec }));
      // A pattern the generated server cannot run (a lookahead needs a backtracking engine) is left out of the
      // model with a warning; the values are drawn with it put back, so they meet it as Prism checks it.
      const unchecked: Array<{ pointer: string; pattern: string }> = [];
      model = buildServiceModel(d.name, (await loadSpecFile(d.name, d.spec)).document, (w) => {
        const m = /^pattern (.*) needs a backtracking engine \(/.exec(w.message);
        if (m && w.pointer.endsWith('/pattern')) unchecked.push({ pointer: w.pointer.slice(0, -8), pattern: m[1]! });
      });
      for (const { pointer, pattern } of unchecked) {
        const schema = resolveRef<any>(model.document, { $ref: pointer });
        if (schema && typeof schema === 'object' && schema.pattern === undefined) schema.pattern = pattern;
      }
      const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
      pkg = {
        client: await load('client.ts'),
        server: await load('server.ts'),
        validators: await load('validators.ts'),
      };
      const handlers: Record<string, () => Promise<unknown>> = {};
      for (const o of [...model.operations, ...model.receivers]) {
        // Where no 2xx is documented, `default` is the success (documents converted from Swagger), as the client reads it.
        const r =
          o.responses.find((x) => /^2(\d\d|XX)$/i.test(x.status)) ?? o.responses.find((x) => x.status === 'default');
        const status = r && /^\d+$/.test(r.status) ? Number(r.status) : 200;
        let body: unknown;
        let headers: Record<string, string> | undefined;
        // A media range that admits JSON (`*/*`, `application/*`) with a schema of structure: a JSON value, as the
        // service answers (clever-cloud's Matomo add-on, `default` only); the answer names a type, never a range.
        const jsonRange = r?.contentTypes.find((ct) => ct === '*/*' || essence(ct) === 'application/*');
        const json =
          r?.contentTypes.find(isJson) ?? (jsonRange && structured(model, r?.schema) ? jsonRange : undefined);
        if (o.linesType) {
          // JSON lines: two values drawn from the schema of a line, streamed one a line.
          const line = o.responses.find((x) => x.linesData)?.linesData;
          const values = [sample(model, line, 1), sample(model, line, 2)];
          answers.set(o.id, { status, body: values });
          handlers[o.id] = async () => ({
            status,
            lines: (async function* () {
              yield* values;
            })(),
          });
          continue;
        }
        if (o.streaming) {
          // An event stream: two values drawn from the schema of an event's data (an object where it has none).
          const data = o.responses.find((x) => x.sseData)?.sseData;
          const values = data ? [sample(model, data, 1), sample(model, data, 2)] : [{ event: 1 }, { event: 2 }];
          answers.set(o.id, { status, body: values });
          handlers[o.id] = async () => ({
            status,
            sse: (async function* () {
              yield* values;
            })(),
          });
          continue;
        }
        if (r && json) {
          const media = resolveRef<any>(model.document, operationObject(model, o).responses[r.status]).content?.[json];
          const validate = pkg.validators[`validate${o.typeName}Response${r.status.toUpperCase()}`];
          body = validValue(model, media?.schema ?? {}, documentedExample(model, media), validate);
          if (body === undefined) unsatisfiable.push(`${o.id}: answer ${r.status}${reason(media?.schema ?? {})}`);
          // Beside other types (OpenAI's skill content: a zip or a JSON string), the answer says it is the JSON one.
          if (r.contentTypes.length > 1 || json.includes('*')) headers = { 'content-type': concrete(json, true) };
        } else if (r && r.contentTypes.length > 0 && xmlAnswers(o, model.document).includes(r)) {
          // An XML answer the client reads into its schema's value: a value the server's check of XML answers
          // accepts, drawn from the schema, written as XML by the runtime's writer (the client's own request
          // writer); the server reads and checks it (validateResponses), the client reads it back.
          const ct = r.contentType!;
          headers = { 'content-type': ct };
          const validate = pkg.validators[`validate${o.typeName}Response${r.status.toUpperCase()}Xml`];
          const value = validValue(model, textLeaves(model, r.schema ?? {}), undefined, validate);
          if (value === undefined) unsatisfiable.push(`${o.id}: answer ${r.status}${reason(r.schema ?? {})}`);
          else {
            body = xmlText(xmlBodyShape(model.document, r.schema), value);
            // An answer with no content (a 204, any answer to HEAD) is read as none.
            if (![204, 205, 304].includes(status) && o.method !== 'HEAD') readAs.set(o.id, value);
          }
        } else if (r && r.contentTypes.length > 0) {
          const ct = concrete(r.contentTypes[0]!);
          headers = { 'content-type': ct };
          body = isText(ct) ? `answer of ${o.id}` : new Uint8Array([0, 1, 2, 255]);
        }
        // A 204, 205 or 304, or any answer to HEAD, carries no body whatever the document says (AWS's
        // DeleteAuthPolicy: 204 with a JSON schema; S3's HeadObject: 200 with XML): the client reads none.
        const empty = [204, 205, 304].includes(status) || o.method === 'HEAD';
        answers.set(o.id, { status, body: empty ? undefined : body, headers });
        handlers[o.id] = async () => answers.get(o.id);
      }
      const create = pkg.server[`create${model.name}Server`] as any;
      const routerOptions = {
        validateResponses: true,
        logger: false,
        // The TLS-terminating proxy a mutualTLS deployment sits behind, vouching for the certificate it verified
        // (the router's own TLS check is server-security-mutual-tls.test.ts's).
        clientCertificate: () => 'certificate verified by the proxy',
        onError: (error: Error, input?: { operationId: string }) =>
          serverErrors.push(`${input?.operationId}: ${error.message.slice(0, 300)}`),
      };
      const serve = (listener: http.RequestListener) =>
        listenLocal(received ? recordingListener(listener, received) : listener);
      server = await serve(create(handlers, routerOptions));
      const receive = pkg.server[`create${model.name}Receiver`] as any;
      if (receive) receiver = await serve(receive(handlers, routerOptions));
    }, 300_000);

    afterAll(async () => {
      await server?.close();
      await receiver?.close();
    });

    /** What a request is called with (the same values for every target), or why it is not called. */
    type Prepared =
      | { params: Record<string, unknown>; json?: boolean }
      | { notCalled: string; list: 'unsatisfiable' | 'skipped' };
    const prepared = new Map<string, Prepared>();
    let hidden: Map<OperationModel, OperationModel> | undefined;

    /**
     * The values of a request, derived from its schemas once: every parameter, optional ones included (credentials
     * are the client's), and its body; an unsatisfiable body or one of no kind the client builds is noted.
     */
    function prepare(o: OperationModel): Prepared {
      const known = prepared.get(o.id);
      if (known) return known;
      const made = prepareAnew(o);
      prepared.set(o.id, made);
      if ('notCalled' in made) (made.list === 'skipped' ? skipped : unsatisfiable).push(made.notCalled);
      return made;
    }

    function prepareAnew(o: OperationModel): Prepared {
      // One the document makes the request of an earlier one too (S3's `#lifecycle&deprecated!` beside
      // `#lifecycle`): generate warns, and the server routes it to the earlier one's handler.
      hidden ??= hiddenOperations(model.operations, model.document);
      const earlier = hidden.get(o);
      if (earlier) return { notCalled: `${o.id}: no request tells it apart from ${earlier.id}`, list: 'skipped' };
      // Fetch refuses TRACE, one of its forbidden methods (generate warns): httpbin's `/anything` and others.
      if (o.method.toLowerCase() === 'trace')
        return { notCalled: `${o.id}: TRACE, which fetch refuses to send (generate warns)`, list: 'skipped' };
      const params: Record<string, unknown> = {};
      const validateParams = pkg.validators[`validate${o.typeName}Params`];
      /** Whether the operation's parameter validator finds nothing wrong with this one parameter's value. */
      const accepts = (p: OperationModel['parameters'][number], v: unknown) => {
        if (!validateParams) return true;
        const key = p.in === 'header' ? p.name.toLowerCase() : p.name;
        const at = `/${p.in}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        validateParams(structuredClone({ path: {}, query: {}, header: {}, cookie: {}, [p.in]: { [key]: v } }));
        return !((validateParams.errors ?? []) as Array<{ instancePath: string }>).some(
          (e) => e.instancePath === at || e.instancePath.startsWith(`${at}/`),
        );
      };
      // An optional body or parameter another operation of the same shape requires (vtex's `PUT /accounts/{accountId}`
      // beside `PUT /accounts/{creditAccountId}`, which requires JSON; Box's `PUT /files/{file_id}` and its `fields`
      // beside `#add_shared_link`, which requires it): the router tries the operation with more fixed parameters
      // first, so only a request without them reaches this one (generate warns).
      const taken = takenParts(o, model.operations, model.document);
      const takenParam = (p: OperationModel['parameters'][number]) =>
        taken?.params.some((t) => t.in === p.in && t.name === (p.in === 'header' ? p.name.toLowerCase() : p.name));
      for (const [i, p] of o.parameters.entries()) {
        if (p.isCredential || (!p.required && takenParam(p))) continue;
        const nested = noWireForm(model, p);
        if (nested && p.required) return { notCalled: `${o.id}: ${nested}`, list: 'unsatisfiable' };
        if (nested) continue;
        // An array has at least one item: an empty exploded one has no query form (the client refuses it). So has
        // an object in the form style, exploded: an empty one writes nothing, which reads as no parameter (AWS SNS's
        // required `attributes`, a map of strings), also where the schema's own bound says 0 (AWS iotwireless'
        // `tagKeys`, `minItems: 0`).
        // An exploded object query parameter's members named as other query parameters (sinao's `movements.type`
        // beside `type`) write the same pairs as those, which no reader tells apart (the document's): left out of
        // the draw; a required one leaves the operation uncalled.
        const exploded = p.in === 'query' && p.type === 'object' && p.style === 'form' && p.explode;
        const members = exploded ? memberSchemas(model, p.schema) : {};
        const shared = Object.keys(members).filter((m) =>
          o.parameters.some((q) => q !== p && q.in === 'query' && q.name === m),
        );
        const merged: any =
          shared.length > 0 ? (mergedSchema(model, p.schema) ?? resolveRef<any>(model.document, p.schema)) : {};
        const sharedRequired = shared.filter((m) => (merged.required ?? []).includes(m));
        if (sharedRequired.length > 0)
          return {
            notCalled: `${o.id}: parameter ${p.name} (its required ${sharedRequired.join(', ')} named as other query parameters, whose pairs they would be: the document's)`,
            list: 'unsatisfiable',
          };
        const schema =
          shared.length > 0
            ? {
                ...merged,
                properties: Object.fromEntries(Object.entries(members).filter(([m]) => !shared.includes(m))),
              }
            : resolveRef<any>(model.document, p.schema);
        const filled =
          p.type === 'array'
            ? { ...schema, minItems: Math.max(1, schema.minItems ?? 0) }
            : exploded
              ? { ...schema, minProperties: Math.max(1, schema.minProperties ?? 0) }
              : p.schema;
        const draw = (seed: number, patterns = false) =>
          sample(model, filled, seed, false, {
            patterns,
            largest: LARGEST_PARAMETER,
            encoded: true,
          });
        // No value is empty: a path segment cannot be, and Prism (as the engine, df69136) reads an empty query
        // value, header or cookie as none (the smallest string a schema allows may be empty; an array's or object's
        // items too: [''] is an empty segment). Another draw first, as an enum may hold '' beside others
        // (firebrowse's dates); else the empty strings written `a`.
        // Only deepObject nests: a value holding an object or array in another style the client refuses to write
        // (openpolicy's `input`, `additionalProperties: {}`, whose example nests): another draw, else none sent.
        // Nor does an array of nulls: the client leaves null items out (RFC 6570's undefined), which writes no pair
        // (sinao's required `data`, `items: {}`, drawn `[null]`, answered 400 as missing).
        const written = (v: unknown) =>
          (p.style === 'deepObject' || !nests(v)) && !(Array.isArray(v) && v.every((x) => x === null));
        // Nor a path segment a sibling path holds as a literal: such a request is the sibling's (literal-siblings.ts).
        const siblings = p.in === 'path' ? literalSiblingValues(o, p.name, model.operations) : [];
        // And, where the draw finds one, a value whose text one alternative of a oneOf alone takes
        // (unambiguous-parameters.ts); another is sent where it finds none.
        const fits = (v: unknown, strict = true) =>
          v !== undefined &&
          JSON.stringify(nonEmpty(v)) === JSON.stringify(v) &&
          accepts(p, v) &&
          written(v) &&
          !siblings.includes(String(v)) &&
          (!strict || unambiguousParameter(model, p.schema, v));
        let value = draw(7 + i);
        for (let seed = 100; seed < 120 && !fits(value); seed++) value = draw(seed + i);
        for (let seed = 1; seed <= 5 && !fits(value); seed++) value = draw(seed, true);
        if (!fits(value)) {
          value = draw(7 + i);
          for (let seed = 100; seed < 120 && !fits(value, false); seed++) value = draw(seed + i);
          for (let seed = 1; seed <= 5 && !fits(value, false); seed++) value = draw(seed, true);
        }
        if (
          value === undefined ||
          !accepts(p, nonEmpty(value)) ||
          !written(value) ||
          siblings.includes(String(value))
        ) {
          // No value the parameter's own validator accepts (firebrowse's dates: an enum of numbers typed string).
          if (p.required)
            return { notCalled: `${o.id}: parameter ${p.name}${reason(p.schema)}`, list: 'unsatisfiable' };
          continue;
        }
        params[p.identifier] = nonEmpty(value);
      }
      if (taken?.body) return { params, json: false };
      // JSON, or JSON lines (otoroshi's bulk `application/ndjson`, which the model reads as bytes and the server as
      // lines): a value of its (line's) schema.
      const json = o.requestBodies.find((b) => b.kind === 'json' || isLinesType(b.contentType));
      // Without a JSON body: a form (URL-encoded or multipart, file fields as bytes) or raw bytes.
      const form = json ? undefined : o.requestBodies.find((b) => b.kind === 'form' || b.kind === 'multipart-form');
      const raw = json || form ? undefined : o.requestBodies.find((b) => b.kind === 'raw');
      if (o.requestBodies.length > 0 && !json && !form && !raw)
        return { notCalled: `${o.id}: ${o.requestBodies.map((b) => b.contentType).join(', ')} body`, list: 'skipped' };
      if (raw) {
        // A string of `format: byte` (or 3.0's file-upload `format: base64`) is base64 text (OpenAPI's data types),
        // which Prism checks (id4i's `*/*` microstorage); other bodies go as bytes.
        const base64 = ['byte', 'base64'].includes(resolveRef<any>(model.document, raw.schema ?? {})?.format);
        params.body = base64 ? new TextEncoder().encode('AQID') : new Uint8Array([1, 2, 3]);
        params.contentType = raw.contentType.includes('*') ? 'application/octet-stream' : raw.contentType;
      }
      // Text whose schema constrains a string (conjur's API key, 55 characters at least): a string it takes, which
      // both targets check.
      if (raw && checksText(model.document, raw)) {
        const validate = pkg.validators[`validate${o.typeName}Body${o.requestBodies.indexOf(raw)}`];
        const value = validValue(model, raw.schema, undefined, validate, true);
        if (typeof value !== 'string')
          return { notCalled: `${o.id}: request body${reason(raw.schema)}`, list: 'unsatisfiable' };
        params.body = value;
      }
      // XML: a value its schema accepts (the server reads the body back and validates it). Where the schema
      // describes more than a string, the value itself goes to the client, which writes it as the XML Object says
      // (runtime/xml/write.ts); a string schema's value goes as the text that writer makes of it (the client sends
      // text as given).
      if (raw && isXml(raw.contentType)) {
        const validate = pkg.validators[`validate${o.typeName}Body${o.requestBodies.indexOf(raw)}`];
        const value = validValue(model, raw.schema, undefined, validate, true);
        if (value === undefined)
          return { notCalled: `${o.id}: request body${reason(raw.schema)}`, list: 'unsatisfiable' };
        if (readsXml(model.document, raw)) {
          params.body = value;
          if (raw.contentType.includes('*')) delete params.contentType;
        } else params.body = xmlText(xmlBodyShape(model.document, raw.schema), value);
      }
      // A form whose schema admits no object goes as the caller encodes it (fieldless-forms.ts): form text, or
      // FormData with a file part and a text part (fetch writes its boundary).
      if (raw && isFieldsType(raw.contentType)) {
        if (isFormText(raw.contentType)) params.body = new URLSearchParams([['value', 'a b&c']]);
        else {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'file.bin');
          form.append('value', 'a b&c');
          params.body = form;
        }
      }
      if (form) {
        const validate = pkg.validators[`validate${o.typeName}Body${o.requestBodies.indexOf(form)}`];
        const writable = validate && writableForm(form, validate, o.bodyRequired);
        const value = (validValue(model, form.schema, undefined, writable, true) ??
          // A required object field in the form style writes only its members: an empty one (a free-form object's
          // usual draw) reads as no field, so it is drawn with one member at least (salesloft's `recording`).
          (writable && validValue(model, filledObjects(model, form, o.bodyRequired), undefined, writable, true))) as
          | Record<string, unknown>
          | undefined;
        if (value === undefined)
          return { notCalled: `${o.id}: request body${reason(form.schema)}`, list: 'unsatisfiable' };
        for (const field of form.fileFields) if (field in value) value[field] = new Uint8Array([1, 2, 3]);
        params.body = value;
      }
      if (json) {
        const validate = pkg.validators[`validate${o.typeName}Body${o.requestBodies.indexOf(json)}`];
        const media = resolveRef<any>(model.document, operationObject(model, o).requestBody).content?.[
          json.contentType
        ];
        params.body = validValue(model, json.schema, documentedExample(model, media), validate, true);
        if (params.body === undefined)
          return { notCalled: `${o.id}: request body${reason(json.schema)}`, list: 'unsatisfiable' };
        // JSON lines: the schema is a line's, the body the client takes its lines.
        if (isLinesType(json.contentType)) params.body = [params.body];
      }
      return { params, json: json !== undefined };
    }

    /**
     * Every request's values drawn (and its validators compiled) before the first is sent. A draw holds the event
     * loop, for seconds on a loaded machine; between two requests it leaves the connection idle past the server's
     * keep-alive timeout (5 s) with neither side able to see it: the server's timer then closes the socket under
     * the request just written, a connection reset (ECONNRESET) that no server or client can avoid on a
     * non-idempotent request.
     */
    const drawAll = (requests: OperationModel[]) => {
      for (const o of requests) prepare(o);
    };

    /**
     * Calls each request through `invoke` with values derived from its schemas: a body its schema refuses is
     * answered 400 first; the answer must be what the handler gave.
     */
    async function roundTrips(
      requests: OperationModel[],
      invoke: (o: OperationModel, params: Record<string, unknown>) => Promise<unknown>,
    ) {
      const failures: string[] = [];
      let called = 0;
      let refusals = 0;
      // JSON bodies whose schema accepts a number (no `type` at the top: DigitalOcean's anyOf bodies).
      let lenient = 0;
      drawAll(requests);
      for (const o of requests) {
        const made = prepare(o);
        if ('notCalled' in made || unsatisfiable.some((u) => u.startsWith(`${o.id}:`))) continue;
        const { params } = made;
        if (unmeetable(o)) {
          const refused = await outcome(invoke(o, params)).then(
            () => 'an answer',
            (error: { httpStatus?: number }) => error.httpStatus,
          );
          if (refused !== 401) failures.push(`${o.id}: security no request can meet got ${refused}`);
          called++;
          continue;
        }
        if (made.json) {
          // A body its schema refuses is answered 400 before the handler runs.
          const json = o.requestBodies.find((b) => b.kind === 'json' || isLinesType(b.contentType))!;
          const validate = pkg.validators[`validate${o.typeName}Body${o.requestBodies.indexOf(json)}`]!;
          if (!validate(42)) {
            const refused = await outcome(invoke(o, { ...params, body: 42 })).then(
              () => 'an answer',
              // An error without a status never reached the server (the client's own refusal): its text says so.
              (error: { httpStatus?: number; message?: string }) => error.httpStatus ?? error.message,
            );
            if (refused !== 400) failures.push(`${o.id}: a body its schema refuses got ${refused}`);
            refusals++;
          } else lenient++;
        }
        called++;
        try {
          const data = await outcome(invoke(o, params));
          const expected = readAs.has(o.id) ? readAs.get(o.id) : answers.get(o.id)!.body;
          // XML has no empty unwrapped array (its items are the array, and none writes nothing): a member that
          // is one reads as no member, so empty arrays are left out of both sides of an XML answer.
          const xml = readAs.has(o.id) ? withoutEmptyArrays : (v: unknown) => v;
          // As JSON values: an object's members in any order (an XML answer reads back in its schema's order, where
          // the schema's own example the handler answered lists them otherwise: AWS Elastic Beanstalk's).
          const json = (v: unknown) => JSON.parse(JSON.stringify(xml(v) ?? null));
          const same =
            expected instanceof Uint8Array
              ? data instanceof Uint8Array && Buffer.from(data).equals(Buffer.from(expected))
              : isDeepStrictEqual(json(data), json(expected));
          if (!same) failures.push(`${o.id}: got ${JSON.stringify(data)?.slice(0, 200)}`);
        } catch (error) {
          failures.push(`${o.id}: ${(error as Error).message.slice(0, 300)}`);
        }
      }
      return { failures, called, refusals: refusals + lenient };
    }

    /** Security no request can meet (an undeclared scheme; basic and bearer together): refused before its body. */
    const unmeetable = (o: OperationModel) =>
      o.security.length > 0 && o.security.every((a) => unmetSecurityReason(a, model.securitySchemes));

    // The JSON bodies whose refusal is tried: those of requests that can meet their security.
    const jsonBodies = (requests: OperationModel[]) =>
      requests.filter(
        (o) =>
          !unmeetable(o) &&
          o.requestBodies.some((b) => b.kind === 'json' || isLinesType(b.contentType)) &&
          !takenParts(o, model.operations, model.document)?.body &&
          !(expected.unsatisfiable ?? []).some((u) => u.startsWith(`${o.id}:`)),
      ).length;

    /** The client's credentials: every kind, and every apiKey scheme's own key for operations that take several. */
    const credentials = () => ({
      bearerToken: 'token',
      apiKey: 'key',
      // An http scheme other than bearer and basic takes its whole Authorization value (`<scheme> <credentials>`).
      apiKeys: Object.fromEntries(
        model.securitySchemes.flatMap((s) =>
          s.type === 'apiKey'
            ? [[s.name, `key of ${s.name}`]]
            : s.type === 'http' && !/^(bearer|basic)$/i.test(s.scheme ?? '')
              ? [[s.name, `${s.scheme} credentials-of-${s.name}`]]
              : [],
        ),
      ),
      basic: { username: 'user', password: 'secret' },
      maxRetries: 0,
    });

    it.skipIf(!targets.server)(
      'answers every operation through its client as the handler answered',
      async () => {
        const Client = pkg.client[`${model.name}Client`] as any;
        const client = new Client({
          ...credentials(),
          baseUrl: server.baseUrl,
          // Every operation to the one local server, whatever servers of its own it declares.
          uploadUrl: server.baseUrl,
        });
        const { failures, called, refusals } = await roundTrips(model.operations, (o, params) => client[o.id](params));
        const ofOperations = (list: string[]) =>
          list.filter((u) => model.operations.some((o) => u.startsWith(`${o.id}:`)));
        report({
          document: d.name,
          target: 'server',
          operations: model.operations.length,
          called,
          failures: [...failures, ...serverErrors.map((e) => `server error ${e}`)],
          unsatisfiable: ofOperations(unsatisfiable),
          skipped: ofOperations(skipped),
        });
        expect({ failures, serverErrors }).toEqual({ failures: [], serverErrors: [] });
        expect(unsatisfiable).toEqual(
          (expected.unsatisfiable ?? []).filter((u) => model.operations.some((o) => u.startsWith(`${o.id}:`))),
        );
        expect(skipped).toEqual(expected.skipped ?? []);
        // A document of webhooks only has no operation to call.
        expect(called > 0 || model.operations.length === 0).toBe(true);
        expect(refusals).toBe(jsonBodies(model.operations));
      },
      600_000,
    );

    it.skipIf(!targets.server)(
      'sends every webhook and callback through its sender to the receiver as its handler answered',
      async () => {
        if (model.receivers.length === 0) return;
        const Senders = pkg.client[`${model.name}Senders`] as any;
        // The client's credentials: a webhook may ask for any kind (Adyen's notifications: HTTP basic).
        const senders = new Senders(credentials());
        const { failures, called, refusals } = await roundTrips(model.receivers, (o, params) =>
          senders[o.id](`${receiver!.baseUrl}${o.path}`, params),
        );
        expect({ failures, serverErrors }).toEqual({ failures: [], serverErrors: [] });
        const ofReceivers = (list: string[]) =>
          list.filter((u) => model.receivers.some((o) => u.startsWith(`${o.id}:`)));
        expect({ unsatisfiable: ofReceivers(unsatisfiable), skipped: ofReceivers(skipped) }).toEqual({
          unsatisfiable: ofReceivers(expected.unsatisfiable ?? []),
          skipped: ofReceivers(expected.skipped ?? []),
        });
        const notCalled = new Set(ofReceivers([...unsatisfiable, ...skipped]).map((u) => u.slice(0, u.indexOf(':'))));
        expect(called).toBe(model.receivers.length - notCalled.size);
        // A payload schema that accepts a number (no `type`) has nothing to refuse.
        expect(refusals).toBeLessThanOrEqual(jsonBodies(model.receivers));
      },
      600_000,
    );

    // Prism (stoplightio/prism, a dependency) mocks the same document: the client's requests, with the same values,
    // must be ones Prism finds no violation in (its `sl-violations` header), and its answers ones the client reads.
    it.skipIf(!targets.prism)(
      'sends every operation to Prism as a request it finds valid',
      async () => {
        // A document of webhooks only has nothing to send Prism: its line says so, where none would read as a
        // setup that failed.
        if (model.operations.length === 0) {
          report({
            document: d.name,
            target: 'prism',
            operations: 0,
            called: 0,
            failures: [],
            unsatisfiable: [],
            skipped: [],
          });
          return;
        }
        let violations: string[] = [];
        const recording = async (input: RequestInfo | URL, init?: RequestInit) => {
          const answer = await fetch(input, init);
          const header = answer.headers.get('sl-violations');
          for (const v of header ? prismViolations(header) : [])
            if (v.location?.[0] === 'request' && v.severity === 'Error')
              violations.push(`${v.location.join('.')}: ${v.message}`);
          return answer;
        };
        /** A Prism process and a client of it; a Prism that died on a request is started again for the next. */
        const start = async () => {
          const log: string[] = [];
          const prism = await startPrism(d.spec, { startTimeoutMs: prismStartMs(), log: (line) => log.push(line) });
          const Client = pkg.client[`${model.name}Client`] as any;
          const client = new Client({
            ...credentials(),
            baseUrl: prism.baseUrl,
            uploadUrl: prism.baseUrl,
            fetch: recording,
          });
          return { prism, client, log };
        };
        const crashes = new Set(
          (expected.prismFaults ?? []).filter((f) => /^[^:]*: crashes/.test(f)).map((f) => f.slice(0, f.indexOf(':'))),
        );
        const unreadable: string[] = [];
        // Prism that does not start (presalytics' ooxml: 113 schemas, 67 cycles among them, not started in ten
        // minutes) is said in the document's line, so the bench names why the document has no calls.
        let mock: Awaited<ReturnType<typeof start>>;
        try {
          mock = await start();
        } catch (error) {
          report({
            document: d.name,
            target: 'prism',
            operations: model.operations.length,
            called: 0,
            failures: [],
            unsatisfiable: [],
            skipped: [],
            stopped: (error as Error).message.split('\n')[0]!.replace(/:$/, ''),
          });
          throw error;
        }
        try {
          const failures: string[] = [];
          let called = 0;
          drawAll(model.operations);
          for (const o of model.operations) {
            const made = prepare(o);
            if ('notCalled' in made || unmeetable(o) || crashes.has(o.id)) continue;
            // Prism reads every form body as an object's fields and checks them against the schema: where the schema
            // admits no object (fieldless-forms.ts), no request passes.
            const sent = made.params.contentType;
            if (typeof sent === 'string' && isFieldsType(sent)) {
              unreadable.push(`${o.id}: a ${sent} body whose schema admits no object (Prism reads fields)`);
              continue;
            }
            // Prism answers with a documented status; a final 1xx is no HTTP answer, and fetch makes a 407 a
            // network error (the Fetch standard): an operation documenting only those, or a 1xx and no success
            // (Docker's `Session`: 101 beside its errors, which Prism answers 101), has no answer to read.
            const informational = (r: { status: string }) => /^(1\d\d|1XX)$/i.test(r.status);
            const statuses = o.responses.map((r) => r.status).join(', ');
            if (o.responses.length > 0 && o.responses.every((r) => informational(r) || r.status === '407')) {
              unreadable.push(`${o.id}: answers ${statuses} only`);
              continue;
            }
            if (o.responses.some(informational) && !o.responses.some((r) => /^2(\d\d|XX)$/i.test(r.status))) {
              unreadable.push(`${o.id}: answers ${statuses}, no success, so Prism answers the 1xx`);
              continue;
            }
            called++;
            violations = [];
            // An operation that documents no success is answered one of its errors, as Prism picks it; one that
            // documents no answer at all (the document's fault) is Prism's 500 saying so.
            const documentsSuccess = o.responses.some((r) => /^2(\d\d|XX)$/i.test(r.status));
            const expectedError = (error: Error & { httpStatus?: number; body?: { type?: string } }) =>
              o.responses.length === 0
                ? error.httpStatus === 500 && String(error.body?.type).endsWith('#NO_RESPONSE_RESPONSE_DEFINED')
                : !documentsSuccess && o.responses.some((r) => r.status === String(error.httpStatus));
            let problem = await outcome(mock.client[o.id](made.params)).then(
              () => undefined,
              (error: Error & { httpStatus?: number; body?: { type?: string; validation?: unknown } }) =>
                expectedError(error)
                  ? undefined
                  : `${error.message.slice(0, 200)} ${JSON.stringify(error.body?.validation ?? '')}`,
            );
            const alive = () =>
              fetch(mock.prism.baseUrl).then(
                () => true,
                () => false,
              );
            if (problem?.includes('could not reach the server') && !(await alive())) {
              // Its stack's first lines: what threw, and where in Prism.
              const last = mock.log.filter((l) => /^\s*(\w*Error\b|at )/.test(l)).slice(0, 2);
              problem = `Prism stopped on the request: ${last.join(' | ').slice(0, 300)}`;
              await mock.prism.stop();
              mock = await start();
            }
            const notes = prismNotes({
              model,
              o,
              sent,
              json: made.json === true,
              bodyRequired:
                resolveRef<any>(model.document, operationObject(model, o).requestBody ?? {}).required === true,
              violations,
              problem,
              body: made.params.body,
            });
            if (violations.length > 0 || problem)
              failures.push(
                `${o.id}: ${[...notes, ...violations, ...(problem ? [problem] : [])].join('; ').slice(0, 600)}`,
              );
          }
          report({
            document: d.name,
            target: 'prism',
            operations: model.operations.length,
            called,
            failures,
            unsatisfiable: [
              ...unsatisfiable.filter((u) => model.operations.some((o) => u.startsWith(`${o.id}:`))),
              ...unreadable,
            ],
            skipped: skipped.filter((u) => model.operations.some((o) => u.startsWith(`${o.id}:`))),
          });
          const faulted = new Set(
            (expected.prismFaults ?? []).map((f) => f.slice(0, f.indexOf(':'))).filter((o) => !crashes.has(o)),
          );
          expect(failures.filter((f) => !faulted.has(f.slice(0, f.indexOf(':'))))).toEqual([]);
          expect(new Set(failures.map((f) => f.slice(0, f.indexOf(':'))))).toEqual(faulted);
        } finally {
          await mock.prism.stop();
        }
      },
      900_000,
    );
  });
}
