// Analytics mutants first written as defects of an adversarial implementer, planted through a proxy in front
// of the served reference (test/contracts/unseen-defects.test.ts), kept here on the wire: a stale read after an
// update, a page losing its last row, a metric typed as a dimension.
import { type Mutant, wireMutant as wire } from './mutant.js';
import { listStaleSinceCreate, on, rewriteJsonAnswer } from './wire.js';

const GROUPS = /^\/v2\/groups$/;
const REPORTS = /^\/v2\/reports$/;

export const MUTANTS: Mutant[] = [
  wire(
    'ANA-GROUP-5/stale-title-after-update',
    'groups.list answers the title of the create after an update',
    listStaleSinceCreate(GROUPS, 'items', 'id', ['snippet', 'title']),
  ),
  wire(
    'ANA-PAGE-1/later-page-loses-last-row',
    'a page that starts past the first row answers one row less than maxResults',
    rewriteJsonAnswer(on('GET', REPORTS), (body, status, answer) => {
      const q = answer.url.searchParams;
      if (status !== 200 || Number(q.get('startIndex') ?? 1) <= 1) return false;
      if ((body.rows ?? []).length !== Number(q.get('maxResults'))) return false;
      body.rows = body.rows.slice(0, -1);
    }),
  ),
  wire(
    'ANA-QUERY-3/last-metric-typed-dimension',
    'the last metric column is typed DIMENSION',
    rewriteJsonAnswer(on('GET', REPORTS), (body, status) => {
      const last = body.columnHeaders?.at(-1);
      if (status !== 200 || last?.columnType !== 'METRIC') return false;
      last.columnType = 'DIMENSION';
    }),
  ),
];
