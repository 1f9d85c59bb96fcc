import { useCallback, useRef } from 'react';

/** Spec section 9: default click debounce. */
export const CLICK_DEBOUNCE_MS = 3000;

/** Leading-edge gate: true for the first call, then false until `wait` ms have passed. */
export function createClickGate(wait = CLICK_DEBOUNCE_MS, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < wait) return false;
    last = at;
    return true;
  };
}

/**
 * For submit buttons: call the gate once the input is valid, just before sending; a second click
 * within 3 s is ignored, so a double click sends one request.
 */
export function useClickGate(wait = CLICK_DEBOUNCE_MS): () => boolean {
  const gate = useRef<(() => boolean) | null>(null);
  return useCallback(() => {
    gate.current ??= createClickGate(wait);
    return gate.current();
  }, [wait]);
}
