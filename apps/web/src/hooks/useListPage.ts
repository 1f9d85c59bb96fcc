import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  filtersOf,
  type PageQuery,
  pageAfterRemoval,
  querySearch,
  type SortQuery,
  sortOf,
} from '../lib/listQuery.ts';
import { useRouteQuery } from './useRouteQuery.ts';

export interface ListPageOptions<F extends object, Row, Q extends F & PageQuery> {
  /** The route of the page: its query lives in the URL. */
  path: string;
  /** The query from the URL: filters, page and, for a sorted list, its sort. */
  parse(search: Record<string, unknown>): Q;
  /** The filter bar after Reset. */
  empty: F;
  fetch(query: Q): Promise<{ total: number; rows: Row[] }>;
}

/**
 * The state of a server-paginated list page: the query in the URL, the filter bar as typed, the rows of
 * the current page, the row selection (cleared on every load), search, reset, sort and paging.
 */
export function useListPage<F extends object, Row, Q extends F & PageQuery = F & PageQuery>({
  path,
  parse,
  empty,
  fetch,
}: ListPageOptions<F, Row, Q>) {
  const [query, setRouteQuery] = useRouteQuery(path, parse, querySearch);
  // Goes to another query through the URL, which parse reads back and checks.
  const setQuery = (next: F & PageQuery & Partial<SortQuery>) => setRouteQuery(next as unknown as Q);
  const [filters, setFilters] = useState<F>(() => filtersOf(query));
  const [data, setData] = useState<{ total: number; rows: Row[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const fetchRows = useRef(fetch);
  fetchRows.current = fetch;

  // The URL decides the filters: back/forward and shared links fill the filter bar.
  useEffect(() => setFilters(filtersOf(query)), [query]);

  const load = useCallback(() => {
    setLoading(true);
    fetchRows
      .current(query)
      .then(
        ({ total, rows }) => setData({ total, rows }),
        () => setData((d) => d ?? { total: 0, rows: [] }),
      )
      .finally(() => {
        setLoading(false);
        setSelection({});
      });
  }, [query]);
  useEffect(load, [load]);

  /** Fetches the page again quietly (no overlay, selection kept): live statuses while the page is open. */
  const refresh = useCallback(() => {
    fetchRows.current(query).then(
      ({ total, rows }) => setData({ total, rows }),
      () => undefined,
    );
  }, [query]);

  const setFilter = <K extends keyof F>(key: K, value: F[K]) => setFilters((f) => ({ ...f, [key]: value }));
  // Search and Reset change the filters; the sort stays.
  const sort = sortOf(query);
  const search = () => setQuery({ ...filters, ...sort, pageNum: 1, pageSize: query.pageSize });
  const reset = () => {
    setFilters(empty);
    setQuery({ ...empty, ...sort, pageNum: 1, pageSize: query.pageSize });
  };
  /** Another sort (a header clicked): back to the first page. */
  const setSort = (next: SortQuery) => setQuery({ ...query, ...next, pageNum: 1 });
  const setPage = (page: PageQuery) => setQuery({ ...query, ...page });
  /** After `count` rows of the page were removed: reload, or go to the last page that still has rows. */
  const removed = (count: number) => {
    const pageNum = pageAfterRemoval(query, data?.total ?? 0, count);
    if (pageNum === query.pageNum) load();
    else setQuery({ ...query, pageNum });
  };

  return {
    query,
    filters,
    setFilters,
    setFilter,
    data,
    loading,
    selection,
    setSelection,
    load,
    refresh,
    search,
    reset,
    setPage,
    sort,
    setSort,
    removed,
  };
}
