// Planted defects for the mutation gate (contracts/mutants/generative.ts). Each flag is one realistic bug; the
// service reads them from ServiceContext.defects. In normal operation none is set.
export interface GenerativeDefects {
  /** A listed threshold may only tighten the default, never loosen it. */
  safetyOnlyTightens?: boolean;
  /** When safetySettings is given, the categories it does not list get no threshold at all. */
  unlistedLoseDefault?: boolean;
  /** Response candidates are never rated against the thresholds. */
  candidatesNeverFiltered?: boolean;
  /** Prompts are never blocked. */
  promptNeverBlocked?: boolean;
  /** Each threshold blocks from one probability higher than the table says. */
  thresholdOffByOne?: boolean;
  /** BLOCK_ONLY_HIGH behaves like BLOCK_MEDIUM_AND_ABOVE. */
  onlyHighBlocksMedium?: boolean;
  /** A blocked prompt still answers with a candidate. */
  blockedPromptKeepsCandidate?: boolean;
  /** A blocked candidate keeps its text. */
  blockedCandidateKeepsText?: boolean;
  /** Duplicate categories in safetySettings are accepted (the last wins). */
  duplicateSettingsAccepted?: boolean;
  /** Ratings are listed twice for the harassment category. */
  duplicateRatings?: boolean;
  /** The stop sequence is kept at the end of the text. */
  stopSequenceIncluded?: boolean;
  /** Stop sequences are ignored. */
  stopSequencesIgnored?: boolean;
  /** totalTokenCount is one more than prompt + candidates. */
  totalTokensOffByOne?: boolean;
  /** promptTokenCount leaves out the cached tokens. */
  promptExcludesCache?: boolean;
  /** maxOutputTokens is ignored. */
  maxTokensIgnored?: boolean;
  /** A truncated answer still says STOP. */
  maxTokensSaysStop?: boolean;
  /** The stream sends the whole answer in one event. */
  streamOneEvent?: boolean;
  /** The last stream event has no finishReason. */
  streamNoFinishReason?: boolean;
  /** The last stream event has no usageMetadata. */
  streamNoUsage?: boolean;
  /** An unknown model answers with the default model. */
  unknownModelAnswers?: boolean;
  /** A PROCESSING file is accepted in generation. */
  processingFileAccepted?: boolean;
  /** A deleted file reference answers NOT_FOUND instead of PERMISSION_DENIED. */
  deletedFileNotFound?: boolean;
  /** Videos are ACTIVE at once. */
  videoActiveAtOnce?: boolean;
  /** Videos that fail processing are marked ACTIVE. */
  brokenVideoActive?: boolean;
  /** FAILED files carry no error. */
  failedWithoutError?: boolean;
  /** videoDuration is reported in milliseconds. */
  durationInMilliseconds?: boolean;
  /** A generated file name is the same for every file of a second. */
  generatedNameCollides?: boolean;
  /** sha256Hash is computed over nothing. */
  hashOfEmpty?: boolean;
  /** A resumable upload keeps only the last chunk. */
  resumableKeepsLastChunk?: boolean;
  /** The offset of a chunk is not checked. */
  offsetUnchecked?: boolean;
  /** A deleted file can still be read. */
  deletedFileReadable?: boolean;
  /** List pages ignore pageSize (always 10). */
  pageSizeIgnored?: boolean;
  /** Without pageSize a page holds 20 files. */
  defaultPageSize20?: boolean;
  /** nextPageToken repeats the first page. */
  pageTokenIgnored?: boolean;
  /** Any API key is accepted. */
  anyKeyAccepted?: boolean;
  /** The key query parameter is ignored (only the header counts). */
  queryKeyIgnored?: boolean;
  /** No rate limit. */
  noRateLimit?: boolean;
  /** Rate limit answers 503 UNAVAILABLE. */
  rateLimitUnavailable?: boolean;
  /** An unknown cachedContent is used as if empty. */
  unknownCacheIgnored?: boolean;
  /** cachedContentTokenCount is left out. */
  cachedCountMissing?: boolean;
  /** A multipart upload ignores the metadata part. */
  multipartIgnoresMetadata?: boolean;
  /** Output-only fields sent by the client are taken over. */
  outputOnlyTakenOver?: boolean;
  /** JSON mode is ignored: the answer is plain text. */
  responseMimeTypeIgnored?: boolean;
  /** Every video fails processing. */
  everyVideoFails?: boolean;
  /** The file list holds every project's files. */
  listAllProjects?: boolean;
}

export function readDefects(raw: Readonly<Record<string, unknown>> | undefined): GenerativeDefects {
  return { ...(raw ?? {}) } as GenerativeDefects;
}
