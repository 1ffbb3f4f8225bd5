// The embedded contract target (contracts/targets/reference.ts): starts every requested service whose
// implementation exists, on loopback with the default fixtures, and names the ones that do not exist yet
// instead of failing the whole run.
import { afterEach, expect, it, vi } from 'vitest';
import { DEFAULT_FIXTURES } from '../../contracts/targets/fixtures.js';
import { referenceTarget } from '../../contracts/targets/reference.js';
import { resolveTarget } from '../../contracts/targets/resolve.js';
import { SERVICE_KEYS } from '../../contracts/harness/services.js';
import { serviceModuleExists } from '../../reference/index.js';

afterEach(() => vi.restoreAllMocks());

it('is the default target', () => {
  expect(resolveTarget(undefined)).toBe(referenceTarget);
});

it('starts the services that exist and notes the missing ones', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const present = SERVICE_KEYS.filter((s) => serviceModuleExists(s));
  const absent = SERVICE_KEYS.filter((s) => !present.includes(s));
  const session = await referenceTarget.start(SERVICE_KEYS);
  try {
    expect(session).toMatchObject({ name: 'reference', kind: 'stateful', fixtures: DEFAULT_FIXTURES });
    expect(Object.keys(session.endpoints).sort()).toEqual([...present].sort());
    for (const e of Object.values(session.endpoints)) expect(e.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    if (absent.length)
      expect(warn.mock.calls.flat().join(' ')).toContain(
        `the reference implementation of ${absent.join(', ')} does not exist yet`,
      );
    else expect(warn).not.toHaveBeenCalled();
  } finally {
    await session.stop();
  }
});
