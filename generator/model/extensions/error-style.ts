// `x-error-style` (root): the error shape family the service answers in and each of its values.
import type { ErrorStyle, RouterAnswerModel } from '../types.js';
import { ROUTER_ANSWERS } from '../types.js';

/** The service's error style: the spec's `x-error-style`, else RFC 9457 problem details. */
export function errorStyleOf(service: string, raw: unknown): ErrorStyle {
  return raw === undefined ? problemStyle() : buildErrorStyle(service, raw);
}

/**
 * The error style of a spec without `x-error-style`: the generated server's own answers (an unknown route, a
 * request its validators refuse) are RFC 9457 problem details; handlers answer the spec's own error responses.
 */
function problemStyle(): ErrorStyle {
  return {
    family: 'problem',
    httpOf: { default: 500 },
    answers: {
      missingCredential: { http: 401, message: 'The operation requires a credential' },
      unknownRoute: { http: 404, message: 'No operation at {method} {path}' },
      wrongMethod: { http: 405, message: '{path} takes {allowed}' },
      invalidRequest: { http: 400, message: '{reason}' },
      bodyTooLarge: { http: 413, message: 'The body is larger than {limit} bytes' },
      internal: { http: 500, message: 'Internal error' },
    },
  };
}

/** `x-error-style` (root): checked whole, so that no answer of the generated server falls back on a value of its own. */
function buildErrorStyle(service: string, raw: any): ErrorStyle {
  const where = `${service}: x-error-style`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new Error(
      `${where} must be an object at the spec's root (family, httpOf, answers; see docs/spec-conventions.md)`,
    );
  }
  const family = raw.family;
  if (family !== 'graph' && family !== 'status') throw new Error(`${where}.family must be graph | status`);
  const text = (value: unknown, name: string): string => {
    if (typeof value !== 'string' || value === '') throw new Error(`${where}.${name} is required (a string)`);
    return value;
  };
  const integer = (value: unknown, name: string): number => {
    if (!Number.isInteger(value)) throw new Error(`${where}.${name} is required (an integer)`);
    return value as number;
  };
  const table = <T>(
    value: unknown,
    name: string,
    read: (v: unknown, at: string) => T,
    key: RegExp,
  ): Record<string, T> => {
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new Error(`${where}.${name} is required (a table with a default)`);
    const out: Record<string, T> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k.startsWith('x-')) continue;
      if (k !== 'default' && !key.test(k))
        throw new Error(
          `${where}.${name}: ${k} is not a ${family === 'graph' ? 'code, code range (low-high) or code/subcode' : 'status name'}`,
        );
      out[k] = read(v, `${name}.${k}`);
    }
    if (out.default === undefined) throw new Error(`${where}.${name}.default is required`);
    return out;
  };
  const httpStatus = (v: unknown, at: string) => {
    const n = integer(v, at);
    if (n < 400 || n > 599) throw new Error(`${where}.${at} must be an HTTP error status (4xx or 5xx)`);
    return n;
  };
  const style: ErrorStyle = { family } as ErrorStyle;
  if (family === 'graph') style.traceField = text(raw.traceField, 'traceField');
  else if (raw.traceField !== undefined || raw.typeOf !== undefined)
    throw new Error(`${where}: traceField and typeOf belong to the graph family`);
  style.httpOf = table(raw.httpOf, 'httpOf', httpStatus, family === 'graph' ? /^\d+(-\d+)?$/ : /^[A-Z][A-Z0-9_]*$/);
  if (family === 'graph') style.typeOf = table(raw.typeOf, 'typeOf', (v, at) => text(v, at), /^\d+(\/\d+)?$/);
  style.answers = {} as ErrorStyle['answers'];
  if (!raw.answers || typeof raw.answers !== 'object')
    throw new Error(`${where}.answers is required (${ROUTER_ANSWERS.join(', ')})`);
  for (const name of ROUTER_ANSWERS) {
    const a = raw.answers[name];
    const at = `answers.${name}`;
    if (!a || typeof a !== 'object') throw new Error(`${where}.${at} is required`);
    const answer: RouterAnswerModel = {
      http: httpStatus(a.http, `${at}.http`),
      message: text(a.message, `${at}.message`),
    };
    if (family === 'graph') {
      answer.code = integer(a.code, `${at}.code`);
      if (a.subcode !== undefined) answer.subcode = integer(a.subcode, `${at}.subcode`);
      answer.type = text(a.type, `${at}.type`);
      if (a.isTransient !== undefined) {
        if (typeof a.isTransient !== 'boolean') throw new Error(`${where}.${at}.isTransient must be true or false`);
        answer.isTransient = a.isTransient;
      }
    } else {
      answer.status = text(a.status, `${at}.status`);
      if (a.detailsType !== undefined) {
        if (name !== 'invalidRequest') throw new Error(`${where}.${at}.detailsType belongs to invalidRequest only`);
        answer.detailsType = text(a.detailsType, `${at}.detailsType`);
      }
    }
    style.answers[name] = answer;
  }
  return style;
}
