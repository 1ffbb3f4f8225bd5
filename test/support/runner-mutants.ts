// Three mutants of the generated ad creative stubs for the mutation gate's own test, all filed under ADC-AUTH-1:
// one the rule catches, one that changes nothing the suite can see (it must survive), and one that breaks
// another operation only (caught under other rule ids, so a survivor for ADC-AUTH-1).
import type http from 'node:http';
import type { Mutant } from '../../contracts/mutants/mutant.js';
import { DEFAULT_FIXTURES } from '../../contracts/targets/fixtures.js';

const F = DEFAULT_FIXTURES['ad-creative'];

export const MUTANTS: Mutant[] = [
  {
    id: 'ADC-AUTH-1/invalid-token-accepted',
    rule: 'ADC-AUTH-1',
    description: 'an invalid access token is swapped for a valid one before the check: the request is served',
    wrap:
      (inner: http.RequestListener): http.RequestListener =>
      (req, res) => {
        req.url = req.url?.replace(
          `access_token=${encodeURIComponent(F.invalidToken)}`,
          `access_token=${encodeURIComponent(F.accessToken)}`,
        );
        inner(req, res);
      },
  },
  {
    id: 'ADC-AUTH-1/extra-header',
    rule: 'ADC-AUTH-1',
    description: 'every answer carries one more harmless header (no defect: must survive)',
    wrap:
      (inner: http.RequestListener): http.RequestListener =>
      (req, res) => {
        res.setHeader('x-mutant', '1');
        inner(req, res);
      },
  },
  {
    id: 'ADC-AUTH-1/previews-418',
    rule: 'ADC-AUTH-1',
    description: 'the previews edge answers an undocumented HTTP 418 (breaks other rules, not ADC-AUTH-1)',
    wrap:
      (inner: http.RequestListener): http.RequestListener =>
      (req, res) => {
        if (/\/previews(\?|$)/.test(req.url ?? '')) {
          res
            .writeHead(418, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { message: 'teapot', type: 'OAuthException', code: 100, fbtrace_id: 'M1' } }));
          return;
        }
        inner(req, res);
      },
  },
];
