import { useState } from 'react';

/**
 * A dialog of a list page, open on one value (a row, or what a new row needs) or closed: opening it, closing it,
 * and closing it once it saved, which reloads the list.
 */
export function useListDialog<T>(list: { load(): void }) {
  const [value, setValue] = useState<T | null>(null);
  return {
    value,
    open: (next: T) => setValue(next),
    close: () => setValue(null),
    saved: () => {
      setValue(null);
      list.load();
    },
  };
}
