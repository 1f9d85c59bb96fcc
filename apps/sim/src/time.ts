/** Time helpers: UTC hour arithmetic, time zone offsets and ISO 8601 timestamps with an offset. */
import { zoneOffsetMs } from '@hydrolog/domain';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export function toMs(t: Date | number): number {
  return typeof t === 'number' ? t : t.getTime();
}

/** The offset of an IANA time zone from UTC in minutes (east positive), from the domain's cached zone data. */
export class TimeZoneOffsets {
  constructor(readonly timeZone: string) {
    zoneOffsetMs(timeZone, 0); // an unknown zone fails here, not in the middle of a backfill
  }

  /** Offset in minutes at the UTC instant `ms`. */
  offsetMinutes(ms: number): number {
    return zoneOffsetMs(this.timeZone, ms) / MINUTE_MS;
  }
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

const dayPrefixes = new Map<number, string>();
const offsetSuffixes = new Map<number, string>();

/** `2026-03-01T08:00:00+08:00`: the instant `ms` written in local time with its offset (whole seconds). */
export function formatWithOffset(ms: number, offsetMinutes: number): string {
  const local = Math.floor(ms / 1000) * 1000 + offsetMinutes * MINUTE_MS;
  const day = Math.floor(local / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    if (dayPrefixes.size > 20_000) dayPrefixes.clear();
    dayPrefixes.set(day, prefix);
  }
  let suffix = offsetSuffixes.get(offsetMinutes);
  if (suffix === undefined) {
    const abs = Math.abs(offsetMinutes);
    suffix = `${offsetMinutes < 0 ? '-' : '+'}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
    offsetSuffixes.set(offsetMinutes, suffix);
  }
  const seconds = (local - day * DAY_MS) / 1000;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${prefix}${pad2(h)}:${pad2(m)}:${pad2(seconds % 60)}${suffix}`;
}

/** Promise-based sleep that ends early (rejecting) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new Error('aborted'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A signal that aborts when any of `parents` aborts or after `timeoutMs`; `dispose()` detaches it from the parents
 * (unlike AbortSignal.any, nothing stays attached to a long-lived parent).
 */
export function linkedSignal(
  parents: readonly (AbortSignal | undefined)[],
  timeoutMs?: number,
): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const live = parents.filter((p): p is AbortSignal => p !== undefined);
  const onAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
  for (const parent of live) {
    if (parent.aborted) {
      controller.abort(parent.reason);
      break;
    }
    parent.addEventListener('abort', onAbort, { once: true });
  }
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(
          () => controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError')),
          timeoutMs,
        );
  return {
    signal: controller.signal,
    dispose: () => {
      if (timer) clearTimeout(timer);
      for (const parent of live) parent.removeEventListener('abort', onAbort);
    },
  };
}
