// Copied from templates/runtime/client/pagination.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Paginated lists: a page object (its items, the raw page, hasNextPage / getNextPage, iteration over the
// pages that follow) and iterators over the items of every page. Where a page keeps its items and the next
// page's token comes from the spec's x-pagination (page tokens, cursors, ...); nothing here names a field.
// A token seen before ends the walk (a server that hands back the same one forever would otherwise loop).

/** Where a page keeps its items and the token of the next page (x-pagination). */
export interface PagingStyle {
  /** Field of the page that holds the items. */
  items: string;
  /** Dotted path of the next page's token. */
  next: string;
  /** Dotted path of a field whose presence says a next page exists (a cursor can be there on the last page). */
  more?: string;
}

function at(value: unknown, path: string): unknown {
  for (const key of path.split('.')) value = value == null ? undefined : (value as Record<string, unknown>)[key];
  return value;
}

function nextToken(page: unknown, style: PagingStyle): string | undefined {
  if (style.more !== undefined && !at(page, style.more)) return undefined;
  const token = at(page, style.next);
  return typeof token === 'string' && token !== '' ? token : undefined;
}

export class Page<T, P = unknown> implements AsyncIterable<T> {
  constructor(
    /** The page as the service answered it. */
    readonly raw: P,
    private readonly style: PagingStyle,
    private readonly fetchPage: (token: string) => Promise<P>,
    private readonly seen: ReadonlySet<string> = new Set(),
  ) {}

  /** The items of this page. */
  get items(): T[] {
    return (at(this.raw, this.style.items) as T[] | undefined) ?? [];
  }

  hasNextPage(): boolean {
    const next = nextToken(this.raw, this.style);
    return next !== undefined && !this.seen.has(next);
  }

  async getNextPage(): Promise<Page<T, P>> {
    const next = nextToken(this.raw, this.style);
    if (next === undefined || this.seen.has(next)) throw new Error('there is no next page');
    return new Page(await this.fetchPage(next), this.style, this.fetchPage, new Set([...this.seen, next]));
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
export async function firstPage<T, P>(
  style: PagingStyle,
  fetchPage: (token: string | undefined) => Promise<P>,
): Promise<Page<T, P>> {
  return new Page<T, P>(await fetchPage(undefined), style, fetchPage);
}

/** Every item of every page. */
export async function* paginate<T, P>(
  style: PagingStyle,
  fetchPage: (token: string | undefined) => Promise<P>,
): AsyncGenerator<T> {
  yield* await firstPage<T, P>(style, fetchPage);
}
