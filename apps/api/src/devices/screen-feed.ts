import type { Database } from '@hydrolog/eventstore';
import { deviceScreen, withTenant } from '@hydrolog/projections';
import type { DeviceScreen, DeviceScreenChange, ScreenDevice } from '@hydrolog/schemas';

/** How often a tenant's map is looked at while a device screen follows it. */
export const SCREEN_LOOK_MS = 5_000;

type Listener = (change: DeviceScreenChange) => void;

const sameDevice = (a: ScreenDevice, b: ScreenDevice) =>
  a.deviceId === b.deviceId &&
  a.deviceCode === b.deviceCode &&
  a.deviceName === b.deviceName &&
  a.deviceType === b.deviceType &&
  a.regionId === b.regionId;

/**
 * What changed between two looks at a tenant's whole map: the meters and devices whose state or place
 * changed, or `reload` when meters, devices or boundaries came, went or changed otherwise (a screen's filter
 * and clusters are built on those, and they change seldom).
 */
export function screenChange(before: DeviceScreen, after: DeviceScreen): DeviceScreenChange {
  const reload = { kind: 'reload', at: after.at } as const;
  const meters = { meterId: [] as string[], state: [] as DeviceScreen['meters']['state'] };
  if (before.meters.meterId.length !== after.meters.meterId.length) return reload;
  for (let i = 0; i < after.meters.meterId.length; i++) {
    if (before.meters.meterId[i] !== after.meters.meterId[i]) return reload;
    if (before.meters.state[i] !== after.meters.state[i]) {
      meters.meterId.push(after.meters.meterId[i]!);
      meters.state.push(after.meters.state[i]!);
    }
  }
  if (before.devices.length !== after.devices.length) return reload;
  const devices: ScreenDevice[] = [];
  for (const [i, device] of after.devices.entries()) {
    const was = before.devices[i]!;
    if (!sameDevice(was, device)) return reload;
    if (
      was.status !== device.status ||
      was.longitude !== device.longitude ||
      was.latitude !== device.latitude
    )
      devices.push(device);
  }
  if (JSON.stringify(before.partitions) !== JSON.stringify(after.partitions)) return reload;
  return { kind: 'states', at: after.at, meters, devices };
}

interface Feed {
  listeners: Set<Listener>;
  /** The last look, which the next one is compared with. */
  last: Promise<DeviceScreen>;
  timer: NodeJS.Timeout | null;
}

/**
 * The device screens' live updates: while at least one screen of a tenant follows it, the tenant's whole
 * map is read every `everyMs` (once, however many screens follow) and what changed goes to each. States
 * change with time as well as with events (a meter silent for the online window goes offline), so looking
 * is what finds every change; sending only the changes keeps a city's 50,000 meters off the wire.
 */
export class DeviceScreenFeeds {
  private readonly feeds = new Map<string, Feed>();

  constructor(
    private readonly db: Database,
    private readonly everyMs = SCREEN_LOOK_MS,
  ) {}

  /**
   * Follows a tenant's map: `reload` first (once the feed has a look to compare with, so a screen that reads
   * the map then misses nothing), then the changes of every look. Answers the unsubscribe.
   */
  subscribe(tenantId: string, listener: Listener): () => void {
    let feed = this.feeds.get(tenantId);
    if (!feed) {
      const created: Feed = { listeners: new Set(), last: this.look(tenantId), timer: null };
      this.feeds.set(tenantId, created);
      this.schedule(tenantId, created);
      feed = created;
    }
    feed.listeners.add(listener);
    void feed.last.then(
      (last) => listener({ kind: 'reload', at: last.at }),
      () => undefined,
    );
    return () => {
      feed.listeners.delete(listener);
      if (feed.listeners.size > 0 || this.feeds.get(tenantId) !== feed) return;
      if (feed.timer) clearTimeout(feed.timer);
      this.feeds.delete(tenantId);
    };
  }

  close(): void {
    for (const feed of this.feeds.values()) if (feed.timer) clearTimeout(feed.timer);
    this.feeds.clear();
  }

  private look(tenantId: string): Promise<DeviceScreen> {
    return withTenant(this.db, tenantId, (sql) => deviceScreen(sql, {}));
  }

  /** The next look once this one is done, so looks never overlap on a slow database. */
  private schedule(tenantId: string, feed: Feed): void {
    feed.timer = setTimeout(async () => {
      if (this.feeds.get(tenantId) !== feed) return;
      const before = await feed.last.catch(() => null);
      const next = this.look(tenantId);
      try {
        const after = await next;
        feed.last = next;
        // After a failed look there is nothing to compare with: the screens read the map again.
        const change = before ? screenChange(before, after) : ({ kind: 'reload', at: after.at } as const);
        for (const listener of feed.listeners) listener(change);
      } catch {
        // A failed look (the database restarting) is tried again at the next; the last good one stays.
      }
      if (this.feeds.get(tenantId) === feed) this.schedule(tenantId, feed);
    }, this.everyMs);
  }
}
