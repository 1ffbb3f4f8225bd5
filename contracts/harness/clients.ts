// The generated clients, pointed at the target and recording every exchange. Retries are off: the suite
// judges the target's own answers (the retry behaviour itself is proven by the client's unit tests).
import { AdCreativeClient } from '../../generated/ad-creative/client.js';
import { AnalyticsClient } from '../../generated/analytics/client.js';
import { GenerativeClient } from '../../generated/generative/client.js';
import type { Recorder } from './recorder.js';
import type { SessionInfo } from './session.js';

const NO_RETRY = { maxRetries: 0 };

export class Clients {
  constructor(
    private readonly info: SessionInfo,
    private readonly recorder: Recorder,
  ) {}

  private endpoint(service: 'ad-creative' | 'analytics' | 'generative') {
    const e = this.info.endpoints[service];
    if (!e) throw new Error(`service ${service} is not running on this target`);
    return e;
  }

  adCreative(accessToken = this.info.fixtures['ad-creative'].accessToken): AdCreativeClient {
    return new AdCreativeClient({
      baseUrl: this.endpoint('ad-creative').baseUrl,
      fetch: this.recorder.fetch,
      retry: NO_RETRY,
      accessToken,
    });
  }

  analytics(accessToken = this.info.fixtures.analytics.accessToken): AnalyticsClient {
    return new AnalyticsClient({
      baseUrl: this.endpoint('analytics').baseUrl,
      fetch: this.recorder.fetch,
      retry: NO_RETRY,
      bearerToken: accessToken,
    });
  }

  generative(apiKey = this.info.fixtures.generative.apiKey, apiKeyIn: 'header' | 'query' = 'header'): GenerativeClient {
    const e = this.endpoint('generative');
    return new GenerativeClient({
      baseUrl: e.baseUrl,
      uploadUrl: e.uploadUrl,
      fetch: this.recorder.fetch,
      retry: NO_RETRY,
      apiKey,
      apiKeyIn,
    });
  }

  /** A plain fetch through the recorder, for requests a typed client refuses to build (broken on purpose). */
  get fetch(): typeof fetch {
    return this.recorder.fetch;
  }

  baseUrl(service: 'ad-creative' | 'analytics' | 'generative'): string {
    return this.endpoint(service).baseUrl;
  }
}
