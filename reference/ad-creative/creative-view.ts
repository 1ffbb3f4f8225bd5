// How a read shows a creative: its status as the request's API version knows it, and the selected fields taken
// straight from the stored record (no copy of every stored field per read); thumbnail_url is made only when
// selected. The answer is the same as picking the selection from the whole node (fields.ts pickNode).
import { pick, type Selection } from './fields.js';
import type { CreativeRecord, CreativeStatus } from './store.js';

/** The major number of a version path segment (`v20.0` -> 20, `v2.10` -> 2); 0 for anything else. */
export const versionNumber = (version: string) => Number(/^v([0-9]+)\.[0-9]+$/.exec(version)?.[1] ?? 0);

/** IN_PROCESS and WITH_ISSUES exist from version 4.0 (ADC-VERSION-2); older versions see ACTIVE. */
export function shownStatus(status: CreativeStatus, version: string): CreativeStatus {
  if ((status === 'IN_PROCESS' || status === 'WITH_ISSUES') && versionNumber(version) < 4) return 'ACTIVE';
  return status;
}

/**
 * The creative as a read under `version` with a non-empty `selection` answers it: id first, then each selected
 * field that has a value, under its alias, with its own selection picked.
 */
export function showCreative(
  creative: CreativeRecord,
  selection: Selection,
  version: string,
  thumbnailUrl: () => string,
): Record<string, unknown> {
  const shown: Record<string, unknown> = { id: creative.id };
  for (const field of selection) {
    const name = field.name;
    const value =
      name === 'id'
        ? creative.id
        : name === 'account_id'
          ? creative.accountId
          : name === 'status'
            ? shownStatus(creative.status, version)
            : name === 'thumbnail_url'
              ? thumbnailUrl()
              : creative.fields[name];
    if (value !== undefined) shown[field.alias ?? name] = field.nested ? pick(value, field.nested) : value;
  }
  return shown;
}
