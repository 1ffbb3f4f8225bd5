// Copied from templates/runtime/client/pagination.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Iterators that walk a paginated list and yield its items across pages.

interface GraphPage<T> {
  data?: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string; previous?: string };
}

/**
 * Graph cursor paging: follows paging.cursors.after while the page says there is a `next` page
 * (the `after` cursor is present even on the last page, so `next` is what decides).
 */
export async function* paginateCursor<T>(fetchPage: (after: string | undefined) => Promise<GraphPage<T>>): AsyncGenerator<T> {
  let after: string | undefined;
  const seen = new Set<string>();
  for (;;) {
    const page = await fetchPage(after);
    for (const item of page.data ?? []) yield item;
    const next = page.paging?.next ? page.paging.cursors?.after : undefined;
    if (!next || seen.has(next)) return;
    seen.add(next);
    after = next;
  }
}

/** Page-token paging: sends each page's next token back as the token parameter until there is none. */
export async function* paginateToken<P, T>(
  fetchPage: (token: string | undefined) => Promise<P>,
  items: (page: P) => T[] | undefined,
  nextToken: (page: P) => string | undefined,
): AsyncGenerator<T> {
  let token: string | undefined;
  const seen = new Set<string>();
  for (;;) {
    const page = await fetchPage(token);
    for (const item of items(page) ?? []) yield item;
    const next = nextToken(page);
    if (!next || seen.has(next)) return;
    seen.add(next);
    token = next;
  }
}
