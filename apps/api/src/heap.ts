import { setFlagsFromString } from 'node:v8';

/** How far V8 lets the heap grow past what a full collection left live, in percent. */
const HEAP_GROWING_PERCENT = 30;

/**
 * Lets the heap grow by HEAP_GROWING_PERCENT after each full collection instead of V8's own factor (up to
 * four times the live heap). Under a steady upload load the service's live heap stays near 100 MB, and the
 * garbage V8's factor lets pile up between collections took the process to 620 to 640 MB; with this, 340 MB,
 * at no throughput measurable on this machine (`npm run bench -- ingest --engine postgres --format arrow`).
 * It bounds the growth, not the size: work that needs a larger live heap (a large export) still gets it.
 * V8 reads the flag at each collection, so it applies when set after start.
 */
export function keepHeapNearLive(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
