import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import {
  filtersOf,
  NO_SORT,
  type PageQuery,
  pageAfterRemoval,
  parseListQuery,
  querySearch,
  type SortQuery,
  sortOf,
} from '../lib/listQuery.ts';
import { useRouteQuery } from './useRouteQuery.ts';

/** A list's query: its filters (as the filter schema reads them), its page and its sort on column S. */
export type ListQuery<F, S extends string = string> = F & PageQuery & SortQuery<S>;

export interface ListPage<Row> {
  total: number;
  rows: Row[];
}

export interface ListStateOptions<F, Row, S extends string = string> {
  /** The route of the page, whose URL keeps the query; without it the query lives in the component. */
  path?: string;
  /**
   * A list inside a page that has a query of its own: the list's params are kept in the page's URL under
   * this name (`scope.pageNum`, `scope.kind`…), beside the page's.
   */
  scope?: string;
  /** Reads the filters from URL search params; anything invalid must fall back to no filter. */
  filters: ZodType<F>;
  /** The columns the server sorts on (the list query schema's whitelist). */
  sortable?: readonly S[];
  fetch(query: ListQuery<F, S>): Promise<ListPage<Row>>;
  rowId(row: Row): string;
  /**
   * The selection is kept across pages, searches and reloads until it is cleared (a picker gathering rows
   * of several pages); by default every load clears it.
   */
  keepSelection?: boolean;
}

type QueryState<F, S extends string> = [ListQuery<F, S>, (query: ListQuery<F, S>) => void];

function queryParser<F, S extends string>(options: ListStateOptions<F, unknown, S>) {
  return (search: Record<string, unknown>): ListQuery<F, S> =>
    // A list without sort keeps the list's own order.
    ({ ...NO_SORT, ...parseListQuery(options.filters, search, options.sortable) }) as ListQuery<F, S>;
}

/** The query of a page kept in its URL: back/forward and shared links give the same list. */
function useUrlQuery<F, S extends string>(options: ListStateOptions<F, unknown, S>): QueryState<F, S> {
  return useRouteQuery(options.path ?? '', queryParser(options), querySearch, options.scope);
}

/** The query of a list inside a page or a dialog: first page of the default size, no filter. */
function useLocalQuery<F, S extends string>(options: ListStateOptions<F, unknown, S>): QueryState<F, S> {
  const [query, setQuery] = useState(() => queryParser(options)({}));
  return [query, setQuery];
}

/**
 * The state of a server-paginated list: the query (in the URL for a page), the filter bar as typed, the
 * rows of the current page, loading and failure, the row selection (cleared on every load unless kept),
 * search, reset, sort and paging.
 */
export function useListState<F extends object, Row, S extends string = string>(
  options: ListStateOptions<F, Row, S>,
) {
  const useQuery = options.path ? useUrlQuery : useLocalQuery;
  const [query, setQuery] = useQuery(options as ListStateOptions<F, unknown, S>);
  const [filters, setFilters] = useState<F>(() => filtersOf(query));
  const [data, setData] = useState<ListPage<Row> | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const fetchRows = useRef(options.fetch);
  fetchRows.current = options.fetch;
  const { rowId, keepSelection = false } = options;
  // Every row fetched by its id, while a kept selection may name rows of other pages.
  const seenRows = useRef(new Map<string, Row>());

  // The URL decides the filters: back/forward and shared links fill the filter bar. Only a new query does:
  // a page kept alive in a hidden tab runs its effects again when shown, and keeps what was typed.
  const shownQuery = useRef(query);
  useEffect(() => {
    if (shownQuery.current === query) return;
    shownQuery.current = query;
    setFilters(filtersOf(query));
  }, [query]);

  const load = useCallback(() => {
    setLoading(true);
    fetchRows
      .current(query)
      .then(
        (page) => {
          if (keepSelection) for (const row of page.rows) seenRows.current.set(rowId(row), row);
          setData(page);
          setFailed(false);
        },
        // What failed was already shown by the request layer; the list offers to try again.
        () => setFailed(true),
      )
      .finally(() => {
        setLoading(false);
        if (!keepSelection) setSelection({});
      });
  }, [query, keepSelection, rowId]);
  useEffect(load, [load]);

  /** Fetches the page again quietly (no overlay, selection kept): live statuses while the list is open. */
  const refresh = useCallback(() => {
    fetchRows.current(query).then(setData, () => undefined);
  }, [query]);

  const setFilter = <K extends keyof F>(key: K, value: F[K]) => setFilters((f) => ({ ...f, [key]: value }));
  // Search and Reset change the filters; the sort and the page size stay.
  const sort = sortOf(query) as SortQuery<S>;
  const search = () => setQuery({ ...filters, ...sort, pageNum: 1, pageSize: query.pageSize });
  const reset = () => {
    const empty = filtersOf(queryParser(options as ListStateOptions<F, unknown, S>)({}));
    setFilters(empty);
    setQuery({ ...empty, ...sort, pageNum: 1, pageSize: query.pageSize });
  };
  /** Other filters at once, without the filter bar (a tab chosen): back to the first page. */
  const filterBy = (next: F) => {
    setFilters(next);
    setQuery({ ...next, ...sort, pageNum: 1, pageSize: query.pageSize });
  };
  /** Another sort (a header clicked): back to the first page. */
  const setSort = (next: SortQuery<S>) => setQuery({ ...query, ...next, pageNum: 1 });
  const setPage = (page: PageQuery) => setQuery({ ...query, ...page });
  /**
   * After `count` rows of the page were removed (or otherwise left the list): the selection is cleared,
   * then the list reloads, or goes to the last page that still has rows.
   */
  const removed = (count: number) => {
    setSelection({});
    const pageNum = pageAfterRemoval(query, data?.total ?? 0, count);
    if (pageNum === query.pageNum) load();
    else setQuery({ ...query, pageNum });
  };

  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  /** The selected rows: of this page, or with a kept selection of every page. */
  const selectedRows = keepSelection
    ? selectedIds.flatMap((id) => seenRows.current.get(id) ?? [])
    : (data?.rows ?? []).filter((row) => selection[rowId(row)]);

  return {
    query,
    filters,
    setFilters,
    setFilter,
    data,
    loading,
    failed,
    selection,
    setSelection,
    selectedRows,
    load,
    refresh,
    search,
    reset,
    filterBy,
    sort,
    setSort,
    setPage,
    removed,
  };
}

export type ListState<F extends object, Row, S extends string = string> = ReturnType<
  typeof useListState<F, Row, S>
>;
