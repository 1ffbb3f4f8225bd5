// A small conforming implementation for the mutation gate's own test: the generated server stubs with their
// example handlers (contracts/targets/stubs.ts), one service at a time, with a mutant's wire wrap around them.
import type { Implementation } from '../../contracts/mutants/implementation.js';
import { DEFAULT_FIXTURES } from '../../contracts/targets/fixtures.js';
import { listenLocal } from '../../contracts/targets/listen-local.js';
import { stubListener } from '../../contracts/targets/stubs.js';

export const IMPLEMENTATION: Implementation = {
  name: 'stubs',
  async start(service, mutant) {
    const inner = stubListener(service);
    const server = await listenLocal(mutant?.wrap ? mutant.wrap(inner) : inner);
    return {
      name: 'stubs',
      kind: 'stub',
      endpoints: { [service]: { baseUrl: server.baseUrl, uploadUrl: server.baseUrl } },
      fixtures: DEFAULT_FIXTURES,
      stop: () => server.close(),
    };
  },
};
