// A bounded cache of query answers keyed by the query's own text (SQL and bound values): for reads of data
// that no request writes (the analytics fact table is written once, by the seed), where the same query
// always has the same answer. Whatever else the answer depends on (group members, linked channels) must be
// part of the key; the owner clears the cache when the data it reads changes.
// Answers are shared between callers, so they are typed read-only (a caller that changed a cached row would
// change every later answer). They are not frozen: V8 copies and serialises frozen arrays several times slower.
// A cached answer is the same array on every hit, for as long as it is cached: a caller may key what it makes
// from it (its serialised answer) on the array itself, in a WeakMap, and that goes when the answer goes.

export class ResultCache<T> {
  private readonly entries = new Map<string, readonly T[]>();
  private held = 0;

  /** At most `maxEntries` answers and `maxRows` rows in all; the least recently used go first. */
  constructor(
    private readonly maxEntries = 256,
    private readonly maxRows = 200_000,
  ) {}

  /** The cached answer of `key`, or `compute()`'s, cached unless it alone is larger than the bound. */
  get(key: string, compute: () => T[]): readonly T[] {
    return this.find(key) ?? this.put(key, compute());
  }

  /** The cached answer of `key`, if any (for an answer computed asynchronously: find, else compute and put). */
  find(key: string): readonly T[] | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last: the oldest is the first to go.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Caches `rows` as the answer of `key` unless they alone are larger than the bound; answers them. */
  put(key: string, rows: T[]): readonly T[] {
    // Computed twice at once: the first answer stays the one answer of its key.
    const present = this.entries.get(key);
    if (present) return present;
    if (rows.length > this.maxRows) return rows;
    while (this.entries.size >= this.maxEntries || (this.entries.size > 0 && this.held + rows.length > this.maxRows)) {
      const [oldest, answer] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.held -= answer.length;
    }
    this.entries.set(key, rows);
    this.held += rows.length;
    return rows;
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
