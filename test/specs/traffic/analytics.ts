// Analytics requests as the public samples and client issue reports write them (every value this project's own).
import type { TrafficExchange } from '../../support/traffic-replay.js';

const report = (query: Record<string, string>): TrafficExchange['query'] => ({
  ids: 'channel==MINE',
  metrics: 'views',
  ...query,
});

export const ANALYTICS_TRAFFIC: TrafficExchange[] = [
  {
    kind: 'month dimension: a report ending on the 1st of its last month',
    name: 'monthly views from the 1st to the 1st',
    method: 'GET',
    path: '/v2/reports',
    query: report({ dimensions: 'month', startDate: '2024-01-01', endDate: '2024-03-01', sort: '-views' }),
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'month dimension: a report ending on the last day of a month',
    name: 'monthly views from the 1st to the 31st',
    method: 'GET',
    path: '/v2/reports',
    query: report({ dimensions: 'month', startDate: '2024-01-01', endDate: '2024-03-31' }),
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'daily report of an official sample',
    name: 'daily views and likes sorted by day, descending',
    method: 'GET',
    path: '/v2/reports',
    query: report({
      metrics: 'views,likes,shares',
      dimensions: 'day',
      startDate: '2024-02-01',
      endDate: '2024-02-29',
      sort: '-day',
    }),
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'control',
    name: 'a monthly report ending inside a month',
    method: 'GET',
    path: '/v2/reports',
    query: report({ dimensions: 'month', startDate: '2024-01-01', endDate: '2024-03-15' }),
    spec: 'accept',
    reference: 'refuse',
    because: 'a month dimension needs whole months (reference rule; see docs/analytics-data.md)',
  },
  {
    kind: 'control',
    name: 'the multi-sort sample as a documentation page prints it, with a metric of no such name',
    method: 'GET',
    path: '/v2/reports',
    query: report({
      metrics: 'views,estimatedWatchTime',
      dimensions: 'day,insightTrafficSourceType',
      startDate: '2024-02-01',
      endDate: '2024-02-07',
      sort: 'day,-views',
    }),
    spec: 'accept',
    reference: 'refuse',
    because:
      "ANA-QUERY-5 (the seed: valid combinations are defined per kind of report): no report has a metric of that name; the analytix client's list of every metric (analytix/reports/constants.py) has estimatedMinutesWatched and no estimatedWatchTime, and no answer to the page's request is recorded",
  },
  {
    kind: 'a metric named twice',
    name: 'a channel report naming two of its metrics twice, as a public bot sent it',
    method: 'GET',
    path: '/v2/reports',
    query: report({
      metrics: 'views,subscribersGained,subscribersLost,likes,subscribersGained,subscribersLost',
      startDate: '2024-01-01',
      endDate: '2024-01-31',
    }),
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'control',
    name: 'a report without its required parameters',
    method: 'GET',
    path: '/v2/reports',
    query: {},
    spec: 'refuse',
    reference: 'refuse',
    because: 'ids, startDate, endDate and metrics are required',
  },
];
