// The analytics service's seams: the objects it builds once at start and uses for every request. Whoever
// starts the service may hand it stand-ins with the same interface (ServiceContext.decorate, by these
// names), e.g. to count or log calls, or to plant a defect from outside.
import type { AccessPolicy } from './access.js';
import type { ReportCatalogue } from './combinations.js';
import type { GroupPolicy } from './group-policy.js';
import type { AnalyticsStore } from './store.js';

export interface AnalyticsSeams {
  /** Everything the service keeps or looks up: tokens, resources and their owners, facts, groups and items. */
  store: AnalyticsStore;
  /** Which scopes may call which operation, and read the monetary metrics. */
  access: AccessPolicy;
  /** Which report table answers a query (the combinations the public service supports). */
  reports: ReportCatalogue;
  /** Who may create which groups, and which resources a group may hold. */
  groups: GroupPolicy;
}
