import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef } from 'react';

type Search = Record<string, unknown>;

/**
 * The URL search params of one query of a page: a scoped one (a list inside a page) keeps its own under
 * `scope.name`, the page's own have no dot, so neither overwrites the other.
 */
const ownsKey = (key: string, scope: string | undefined) =>
  scope ? key.startsWith(`${scope}.`) : !key.includes('.');

/** The query's own params, named as it names them. */
export function ownSearch(search: Search, scope?: string): Search {
  const own: Search = {};
  for (const [key, value] of Object.entries(search))
    if (ownsKey(key, scope)) own[scope ? key.slice(scope.length + 1) : key] = value;
  return own;
}

/** The URL's params once the query's own are `own`: the other queries' params stay as they are. */
export function withOwnSearch(search: Search, own: Record<string, string | number>, scope?: string): Search {
  const next: Search = {};
  for (const [key, value] of Object.entries(search)) if (!ownsKey(key, scope)) next[key] = value;
  for (const [key, value] of Object.entries(own)) next[scope ? `${scope}.${key}` : key] = value;
  return next;
}

/**
 * A page's query kept in the URL of `path` (as the staff users page keeps its own), or with `scope` the query
 * of a list inside that page, beside the page's own. A page kept alive in a hidden tab keeps the query it had
 * when last on screen, and a tab that comes back without the query's params gets that query back into the URL.
 */
export function useRouteQuery<Q>(
  path: string,
  parse: (search: Search) => Q,
  toSearch: (query: Q) => Record<string, string | number>,
  scope?: string,
): [Q, (query: Q) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const last = useRef(location.search as Search);
  if (location.pathname === path) last.current = location.search as Search;
  const key = JSON.stringify(parse(ownSearch(last.current, scope)));
  const query = useMemo(() => JSON.parse(key) as Q, [key]);
  const convert = useRef(toSearch);
  convert.current = toSearch;
  const setQuery = useCallback(
    (next: Q, replace = false) =>
      void navigate({
        to: path,
        search: withOwnSearch(last.current, convert.current(next), scope) as never,
        replace,
      }),
    [navigate, path, scope],
  );

  const shown = useRef<Q | null>(null);
  const restore = useRef(setQuery);
  restore.current = setQuery;
  useEffect(() => {
    const previous = shown.current;
    const bare = Object.keys(ownSearch(last.current, scope)).length === 0;
    if (previous && bare && Object.keys(convert.current(previous)).length > 0)
      restore.current(previous, true);
  }, [scope]);
  useEffect(() => {
    shown.current = query;
  }, [query]);
  return [query, setQuery];
}
