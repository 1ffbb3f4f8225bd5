// Planted defects for the mutation gate (contracts/mutants/analytics.ts): flags read from ctx.defects.
// Empty in normal operation; each flag names one realistic bug.
export interface AnalyticsDefects {
  /** group== is validated, then the report answers the channel's totals. */
  groupFilterIgnored?: boolean;
  /** group== aggregates only the group's first item. */
  groupFirstItemOnly?: boolean;
  /** Reports with two or more dimensions repeat each row. */
  duplicateRows?: boolean;
  /** Metric columns come out in alphabetical order instead of request order. */
  metricsAlphabetical?: boolean;
  /** Dimension columns after metric columns. */
  metricsFirst?: boolean;
  /** sort is validated, then ignored. */
  sortIgnored?: boolean;
  /** Only the first sort key is applied. */
  sortFirstKeyOnly?: boolean;
  /** Descending sort keys sort ascending. */
  sortDescendingIgnored?: boolean;
  maxResultsIgnored?: boolean;
  /** maxResults returns one row more than asked. */
  maxResultsOffByOne?: boolean;
  startIndexIgnored?: boolean;
  /** startIndex treated as zero-based. */
  startIndexZeroBased?: boolean;
  countryFilterIgnored?: boolean;
  videoFilterIgnored?: boolean;
  /** Only the first value of a video==a,b filter is applied. */
  videoFilterFirstValueOnly?: boolean;
  currencyIgnored?: boolean;
  /** grossRevenue is left in USD while the other revenue metrics are converted. */
  currencyPartial?: boolean;
  /** contentOwner== answers the caller's own channel's data. */
  contentOwnerAsChannel?: boolean;
  /** includeHistoricalChannelData is ignored. */
  historicalIgnored?: boolean;
  /** Unsupported combinations answered instead of refused. */
  combinationsUnchecked?: boolean;
  /** A supported report (top videos, dimension video) refused. */
  videoDimensionRefused?: boolean;
  /** Content owner reports checked against the channel report tables. */
  ownerTablesAsChannel?: boolean;
  /** Reports without the day dimension leave out the endDate (exclusive end), day rows do not. */
  totalsExcludeLastDay?: boolean;
  /** A reversed date range answered (empty). */
  reversedDatesAccepted?: boolean;
  /** The same start and end date refused (off by one in the range check). */
  sameDayRefused?: boolean;
  /** Revenue metrics answered without the monetary scope. */
  monetaryUnchecked?: boolean;
  /** Revenue metrics refused even with the monetary scope. */
  monetaryAlwaysRefused?: boolean;
  /** Tokens without any service scope accepted for reports. */
  reportScopeUnchecked?: boolean;
  /** Reports refused for the readonly scope. */
  readonlyRefused?: boolean;
  /** Writes refused for tokens without a management scope (narrower than the public service). */
  writeNeedsManagement?: boolean;
  /** Writes accepted for tokens without any service scope. */
  writeScopeUnchecked?: boolean;
  /** Any token string is accepted. */
  tokenUnchecked?: boolean;
  /** The group limit (500 normally). */
  groupLimit?: number;
  /** The limit check and the insert are not in one transaction (check, yield, insert). */
  groupLimitRace?: boolean;
  /** Items of another kind accepted. */
  kindUnchecked?: boolean;
  /** The kind check compares with platform#video instead of the group's item type. */
  kindAssumedVideo?: boolean;
  /** groupItems.delete removes the group's first item instead of the named one. */
  itemDeleteFirst?: boolean;
  /** Breakdown rows under this many views are dropped (a privacy threshold the totals do not apply). */
  smallRowsDropped?: number;
  /** Resources the caller does not own accepted. */
  ownershipUnchecked?: boolean;
  /** Channel owners may create groups of channels and assets. */
  channelOwnerAnyKind?: boolean;
  /** Content owners may not create channel or asset groups. */
  contentOwnerVideoOnly?: boolean;
  /** groups.update also changes itemType. */
  updateChangesItemType?: boolean;
  /** groups.update with contentDetails.itemType clears the items. */
  updateClearsItems?: boolean;
  /** groups.update does not change the title. */
  updateIgnoresTitle?: boolean;
  /** groups.delete leaves the items behind, still listed. */
  deleteKeepsItems?: boolean;
  /** groups.delete answers 204 but keeps the group. */
  deleteNoop?: boolean;
  /** groups.list without id or mine answers the caller's groups. */
  listWithoutFilterAccepted?: boolean;
  /** groups.list with both id and mine accepted. */
  listBothAccepted?: boolean;
  /** groups.list never pages (returns the first page only, no token). */
  listNoPaging?: boolean;
  /** The next page token repeats the first page. */
  listPageTokenIgnored?: boolean;
  /** The last page carries a nextPageToken that points at itself. */
  listTokenOnLastPage?: boolean;
  /** itemCount is not updated after an insert. */
  itemCountStale?: boolean;
  /** An inserted item is not listed. */
  insertNotListed?: boolean;
  /** groupItems.delete answers 204 but keeps the item. */
  itemDeleteNoop?: boolean;
}

export function readDefects(raw: Readonly<Record<string, unknown>> | undefined): AnalyticsDefects {
  return { ...(raw ?? {}) } as AnalyticsDefects;
}
