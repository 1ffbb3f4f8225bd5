// Paginated lists: a page object (its items, the raw page, hasNextPage / getNextPage, iteration over the
// pages that follow) and iterators over the items of every page. Two styles, as the spec's x-pagination
// declares: Graph cursors and page tokens. A token or cursor seen before ends the walk (a server that hands
// back the same one forever would otherwise loop).

/** Where a style finds the next page's token in a page. */
export interface PagingStyle<P, T> {
  items: (page: P) => T[] | undefined;
  /** The token of the next page, or undefined on the last page. */
  next: (page: P) => string | undefined;
}

interface GraphPage<T> {
  data?: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string; previous?: string };
}

/**
 * Graph cursor paging: the `after` cursor while the page says there is a `next` page (the `after` cursor
 * is present even on the last page, so `next` is what decides).
 */
export function cursorStyle<P extends GraphPage<T>, T>(): PagingStyle<P, T> {
  return { items: (page) => page.data, next: (page) => (page.paging?.next ? page.paging.cursors?.after : undefined) };
}

/** Page-token paging: the page's token field, sent back as the token parameter. */
export function tokenStyle<P, T>(itemsField: string, nextField: string): PagingStyle<P, T> {
  return {
    items: (page) => (page as Record<string, unknown>)[itemsField] as T[] | undefined,
    next: (page) => ((page as Record<string, unknown>)[nextField] as string | undefined) || undefined,
  };
}

export class Page<T, P = unknown> implements AsyncIterable<T> {
  constructor(
    /** The page as the service answered it. */
    readonly raw: P,
    private readonly style: PagingStyle<P, T>,
    private readonly fetchPage: (token: string) => Promise<P>,
    private readonly seen: ReadonlySet<string> = new Set(),
  ) {}

  /** The items of this page. */
  get items(): T[] {
    return this.style.items(this.raw) ?? [];
  }

  hasNextPage(): boolean {
    const next = this.style.next(this.raw);
    return next !== undefined && !this.seen.has(next);
  }

  async getNextPage(): Promise<Page<T, P>> {
    const next = this.style.next(this.raw);
    if (next === undefined || this.seen.has(next)) throw new Error('there is no next page');
    const raw = await this.fetchPage(next);
    return new Page(raw, this.style, this.fetchPage, new Set([...this.seen, next]));
  }

  /** This page and every page after it. */
  async *iterPages(): AsyncGenerator<Page<T, P>> {
    let page: Page<T, P> = this;
    yield page;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }

  /** Every item of this page and the pages after it. */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for await (const page of this.iterPages()) yield* page.items;
  }
}

/** The first page of a list (`fetchPage(undefined)`), as a page object. */
export async function firstPage<T, P>(style: PagingStyle<P, T>, fetchPage: (token: string | undefined) => Promise<P>): Promise<Page<T, P>> {
  return new Page(await fetchPage(undefined), style, fetchPage);
}

/** Every item of every page. */
export async function* paginate<T, P>(style: PagingStyle<P, T>, fetchPage: (token: string | undefined) => Promise<P>): AsyncGenerator<T> {
  yield* await firstPage(style, fetchPage);
}

/** Graph cursor paging over the items (kept for callers of the earlier runtime). */
export async function* paginateCursor<T>(fetchPage: (after: string | undefined) => Promise<GraphPage<T>>): AsyncGenerator<T> {
  yield* paginate(cursorStyle<GraphPage<T>, T>(), fetchPage);
}

/** Page-token paging over the items (kept for callers of the earlier runtime). */
export async function* paginateToken<P, T>(
  fetchPage: (token: string | undefined) => Promise<P>,
  items: (page: P) => T[] | undefined,
  nextToken: (page: P) => string | undefined,
): AsyncGenerator<T> {
  yield* paginate({ items, next: (page: P) => nextToken(page) || undefined }, fetchPage);
}
