import { useRef } from 'react';

/** Spec section 9: default click debounce. */
export const CLICK_DEBOUNCE_MS = 3000;

/** A leading-edge gate: true for the first call, then false until `wait` ms have passed. */
export interface ClickGate {
  (): boolean;
  /** Milliseconds until the gate lets the next call through (0 when it would now). */
  remaining(): number;
}

/** A click gate of `wait` ms on the clock `now`. */
export function createClickGate(wait = CLICK_DEBOUNCE_MS, now: () => number = Date.now): ClickGate {
  let last = Number.NEGATIVE_INFINITY;
  const remaining = () => Math.max(0, last + wait - now());
  return Object.assign(
    () => {
      if (remaining() > 0) return false;
      last = now();
      return true;
    },
    { remaining },
  );
}

/**
 * For submit buttons: call the gate once the input is valid, just before sending; a second click
 * within 3 s is ignored, so a double click sends one request.
 */
export function useClickGate(wait = CLICK_DEBOUNCE_MS): ClickGate {
  const gate = useRef<ClickGate | null>(null);
  gate.current ??= createClickGate(wait);
  return gate.current;
}
