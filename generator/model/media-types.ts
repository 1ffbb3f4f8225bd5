// Media types the model and the emitters tell apart by name.

/** Newline-delimited JSON: NDJSON and JSON Lines, by the names documents give them. */
export const isLinesType = (type: string): boolean =>
  /^application\/(x-)?(ndjson|jsonl|jsonlines|json-lines)$/i.test(type.split(';')[0]!.trim());
