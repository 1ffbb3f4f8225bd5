// The ad creative service's seams: the objects it builds once at start and uses for every request. Whoever
// starts the service may hand it stand-ins with the same interface (ServiceContext.decorate, by these
// names), e.g. to count or log calls, or to plant a defect from outside.
import type { RateLimiter } from './rate-limit.js';
import type { AdCreativeStore } from './store.js';

export interface AdCreativeSeams {
  /** Everything the service keeps or looks up: tokens, accounts, images, posts, creatives, lists, settings. */
  store: AdCreativeStore;
  /** Counts each ad account's calls against its rate limit (ADC-RATE-1). */
  rateLimiter: RateLimiter;
}
