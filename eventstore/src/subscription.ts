import type { EventStore, SubscribeOptions, Subscription } from './types.ts';

/** How often a subscription looks again without a notification (NOTIFY is a wake-up, never the only one). */
const POLL_MS = 500;

/**
 * Catch up, then follow: reads batches with readAll until the log is exhausted, then waits for a wake-up
 * (a notification where the engine has LISTEN/NOTIFY, else the poll timer) and reads again.
 */
export function pollingSubscription(
  store: Pick<EventStore, 'readAll'>,
  options: SubscribeOptions,
  listen?: (onNotify: () => void) => Promise<() => Promise<void>>,
): Subscription {
  let after = options.after;
  let stopped = false;
  let wake: (() => void) | undefined;
  let markCaughtUp!: () => void;
  const caughtUp = new Promise<void>((resolve) => {
    markCaughtUp = resolve;
  });
  const notify = () => wake?.();
  const unlisten = listen?.(notify);

  const loop = (async () => {
    await unlisten;
    while (!stopped) {
      try {
        const events = await store.readAll({
          ...(after ? { after } : {}),
          ...(options.types ? { types: options.types } : {}),
          limit: options.batchSize ?? 1000,
        });
        if (events.length > 0) {
          await options.onEvents(events);
          after = events[events.length - 1]!.checkpoint;
          continue;
        }
        markCaughtUp();
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();

  return {
    caughtUp,
    async stop() {
      stopped = true;
      notify();
      await loop;
      const stop = await unlisten;
      await stop?.();
    },
  };
}
