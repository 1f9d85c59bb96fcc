import { DEFAULT_PAGE_SIZE } from '@hydrolog/schemas';
import { useCallback, useEffect, useState } from 'react';
import type { PageQuery } from '../lib/listQuery.ts';

/**
 * A server-paginated list inside a page or a dialog, whose page is not kept in the URL (the records under
 * a list, a group's meters, a meter's commands): the standard defaults (first page of 20), the rows of the
 * current page, loading while a page is on its way. `fetch` (memoised by the caller) answers a page; a new
 * `fetch` or `reload` value fetches again. Give the component a `key` to start again on page 1.
 */
export function usePagedList<Row>(
  fetch: (page: PageQuery) => Promise<{ total: number; rows: Row[] }>,
  reload?: unknown,
) {
  const [page, setPage] = useState<PageQuery>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [data, setData] = useState<{ total: number; rows: Row[] } | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(() => {
    setLoading(true);
    fetch(page)
      .then(
        ({ total, rows }) => setData({ total, rows }),
        () => setData((d) => d ?? { total: 0, rows: [] }),
      )
      .finally(() => setLoading(false));
  }, [fetch, page]);
  // `reload` is the caller's signal to fetch again (a record added elsewhere).
  useEffect(load, [load, reload]);

  /** Fetches the page again quietly (no overlay): live statuses while the list is on screen. */
  const refresh = useCallback(() => {
    fetch(page).then(
      ({ total, rows }) => setData({ total, rows }),
      () => undefined,
    );
  }, [fetch, page]);

  return { page, setPage, data, loading, load, refresh };
}
