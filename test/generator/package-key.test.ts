// The key of a package generated without --key, and the identifiers made from any key: the file's name where it
// names the API (documents side by side in one folder), the folder's where the file is named generically; a key
// of digits (Plaid's `2020-09-14.yml`) still makes class names.
import path from 'node:path';
import { expect, it } from 'vitest';
import { serviceName } from '../../generator/model/names.js';
import { defaultPackageKey } from '../../generator/model/package-key.js';

it('takes the file name where it names the API, else the folder name', () => {
  expect(defaultPackageKey('/docs/pagerduty-slack.json')).toBe('pagerduty-slack');
  expect(defaultPackageKey('/docs/twilio_oauth_v1.json')).toBe('twilio_oauth_v1');
  expect(defaultPackageKey('/docs/box.yml')).toBe('box');
  expect(defaultPackageKey('specs/analytics/openapi.yaml')).toBe('analytics');
  expect(defaultPackageKey('/repo/reference/events-v2/openapiv3.json')).toBe('events-v2');
  expect(defaultPackageKey('/stripe/latest/openapi.spec3.json')).toBe('latest');
  expect(defaultPackageKey('/gh/api.github.com/swagger.yaml')).toBe('api.github.com');
  expect(defaultPackageKey('/x/museum/api-docs.json')).toBe('museum');
  expect(defaultPackageKey(path.join('relative', 'apisix.yaml'))).toBe('apisix');
});

it('makes a class name of any key', () => {
  expect(serviceName('pagerduty-slack')).toBe('PagerdutySlack');
  expect(serviceName('2020-09-14')).toBe('Api20200914');
  expect(serviceName('---')).toBe('Api');
  expect(serviceName('analytics')).toBe('Analytics');
});
