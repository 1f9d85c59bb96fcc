import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * What `fetch` answers, loaded again whenever `fetch` changes (a new query) and on `load` (Retry). The answer
 * to an older request is dropped, so a slow answer never replaces a newer one; the last data stays on screen
 * while the next loads.
 */
export function useLatestLoad<T>(fetch: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const request = useRef(0);

  const load = useCallback(() => {
    const id = ++request.current;
    setLoading(true);
    setFailed(false);
    fetch()
      .then(
        (answer) => id === request.current && setData(answer),
        () => id === request.current && setFailed(true),
      )
      .finally(() => id === request.current && setLoading(false));
  }, [fetch]);
  useEffect(load, [load]);

  return { data, loading, failed, load };
}
