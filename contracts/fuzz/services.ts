// Per service: how the fuzzer authenticates, which ids fill path parameters, what the service's error shape
// is, and which reads show what it has stored (compared before and after a batch of rejected writes).
import type { Fixtures } from '../targets/fixtures.js';
import type { ServiceKey } from '../../reference/index.js';
import type { ServiceProfile } from './requests.js';

export interface StateRead {
  /** Path and query of a read listing what the service stores. */
  target: string;
  headers: Record<string, string>;
}

export interface FuzzService extends ServiceProfile {
  key: ServiceKey;
  errorStyle: 'graph' | 'status';
  /** Reads whose answers must be identical before and after a batch of rejected writes (and answer 200: alive). */
  stateReads: StateRead[];
}

/** Why a non-2xx answer body is not the service's error shape, or undefined when it is. */
export function shapeProblem(style: 'graph' | 'status', status: number, body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return 'body is not a JSON object';
  const error = (body as { error?: unknown }).error;
  if (!error || typeof error !== 'object') return 'no "error" object';
  const e = error as Record<string, unknown>;
  if (style === 'graph') {
    if (typeof e.message !== 'string') return 'error.message is not a string';
    if (typeof e.type !== 'string') return 'error.type is not a string';
    if (!Number.isInteger(e.code)) return 'error.code is not an integer';
    if (typeof e.fbtrace_id !== 'string') return 'error.fbtrace_id is not a string';
    if (e.error_subcode !== undefined && !Number.isInteger(e.error_subcode))
      return 'error.error_subcode is not an integer';
    return undefined;
  }
  if (e.code !== status) return `error.code ${String(e.code)} is not the HTTP status ${status}`;
  if (typeof e.message !== 'string') return 'error.message is not a string';
  if (typeof e.status !== 'string' || !/^[A-Z_]+$/.test(e.status)) return 'error.status is not a status name';
  return undefined;
}

export function fuzzService(key: ServiceKey, fixtures: Fixtures): FuzzService {
  switch (key) {
    case 'ad-creative': {
      const f = fixtures['ad-creative'];
      return {
        key,
        errorStyle: 'graph',
        pathValues: { version: f.apiVersion, ad_account_id: f.adAccountId, page_id: f.pageId },
        credentialParams: ['access_token'],
        authenticate: (kind, query) => query.set('access_token', kind === 'valid' ? f.accessToken : f.invalidToken),
        authenticateTwice: (query, headers) => {
          query.set('access_token', f.accessToken);
          headers.authorization = `Bearer ${f.invalidToken}`;
        },
        stateReads: [
          {
            target: `/${f.apiVersion}/act_${f.adAccountId}/adcreatives?limit=100&fields=id,name,status,object_story_spec&access_token=${f.accessToken}`,
            headers: {},
          },
        ],
      };
    }
    case 'analytics': {
      const f = fixtures.analytics;
      const auth = { authorization: `Bearer ${f.accessToken}` };
      return {
        key,
        errorStyle: 'status',
        pathValues: {},
        queryValues: { ids: `channel==${f.channelId}` },
        authenticate: (kind, _query, headers) => {
          headers.authorization = `Bearer ${kind === 'valid' ? f.accessToken : f.invalidToken}`;
        },
        stateReads: [{ target: '/v2/groups?mine=true', headers: auth }],
      };
    }
    case 'generative': {
      const f = fixtures.generative;
      const auth = { 'x-goog-api-key': f.apiKey };
      return {
        key,
        errorStyle: 'status',
        pathValues: { model: f.model, collection: 'models' },
        credentialParams: ['key'],
        authenticate: (kind, _query, headers) => {
          headers['x-goog-api-key'] = kind === 'valid' ? f.apiKey : f.invalidApiKey;
        },
        authenticateTwice: (query, headers) => {
          headers['x-goog-api-key'] = f.apiKey;
          query.set('key', f.invalidApiKey);
        },
        stateReads: [
          { target: '/v1beta/files?pageSize=100', headers: auth },
          { target: '/v1beta/cachedContents?pageSize=100', headers: auth },
        ],
      };
    }
    default:
      throw new Error(`no fuzz profile for service ${String(key)}`);
  }
}
