import { useEffect, useRef } from 'react';

/**
 * When a form edits a record, loads it afresh from the server and hands it to `apply`: the list row it
 * was opened from may be stale or shortened. A failed load leaves the form with the row (the request
 * layer already said why).
 */
export function useFreshRecord<Row, Fresh>(
  record: Row | null,
  load: (record: Row) => Promise<Fresh>,
  apply: (fresh: Fresh) => void,
) {
  // Only a new record loads again; the callbacks are read at that time.
  const latest = useRef({ load, apply });
  latest.current = { load, apply };
  useEffect(() => {
    if (!record) return;
    latest.current.load(record).then(
      (fresh) => latest.current.apply(fresh),
      () => undefined,
    );
  }, [record]);
}
