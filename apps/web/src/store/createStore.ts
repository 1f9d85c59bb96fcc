import { useSyncExternalStore } from 'react';

/** A tiny external store: one value, replaced as a whole, read with a React hook. */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const get = () => value;
  return {
    get,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    use: (): T => useSyncExternalStore(subscribe, get, get),
  };
}
