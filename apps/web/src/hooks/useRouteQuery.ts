import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef } from 'react';

/**
 * A list page's query kept in the URL of `path` (as the staff users page keeps its own). A page kept alive
 * in a hidden tab keeps the query it had when last on screen, and a tab that comes back without search
 * params gets that query back into the URL.
 */
export function useRouteQuery<Q>(
  path: string,
  parse: (search: Record<string, unknown>) => Q,
  toSearch: (query: Q) => Record<string, string | number>,
): [Q, (query: Q) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const last = useRef(location.search as Record<string, unknown>);
  if (location.pathname === path) last.current = location.search as Record<string, unknown>;
  const key = JSON.stringify(parse(last.current));
  const query = useMemo(() => JSON.parse(key) as Q, [key]);
  const convert = useRef(toSearch);
  convert.current = toSearch;
  const setQuery = useCallback(
    (next: Q, replace = false) =>
      void navigate({ to: path, search: convert.current(next) as never, replace }),
    [navigate, path],
  );

  const shown = useRef<Q | null>(null);
  const restore = useRef(setQuery);
  restore.current = setQuery;
  useEffect(() => {
    const previous = shown.current;
    const bare = Object.keys(last.current).length === 0;
    if (previous && bare && Object.keys(convert.current(previous)).length > 0)
      restore.current(previous, true);
  }, []);
  useEffect(() => {
    shown.current = query;
  }, [query]);
  return [query, setQuery];
}
