import { type DomainEvent, tenantSettingsSchema, uuidv7 } from '@hydrolog/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Checkpoint,
  compareCheckpoints,
  type EventStore,
  InvalidEventError,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '../src/index.ts';

/** What differs between adapters, as far as the contract can tell. */
export interface ContractSubject {
  open(): Promise<EventStore>;
  /** Transactions can be open at the same time (false for PGlite, which runs one at a time). */
  concurrentTransactions: boolean;
}

const tenantId = '0190a000-0000-7000-8000-0000000000aa';
const settings = tenantSettingsSchema.parse({});

export function tenantEvent(name: string, id = uuidv7()): NewEvent {
  const event: DomainEvent = {
    type: 'TenantCreated',
    data: { tenantId, name, kind: 'utility', trial: false, createdAt: '2026-01-01T00:00:00.000Z', settings },
  };
  return { id, ...event, metadata: { tenantId, correlationId: uuidv7() } };
}

export function renamed(name: string): NewEvent {
  return {
    id: uuidv7(),
    type: 'TenantRenamed',
    data: { tenantId, name },
    metadata: { tenantId, correlationId: uuidv7() },
  };
}

const names = (events: readonly Pick<RecordedEvent, 'data'>[]) =>
  events.map((e) => (e.data as { name: string }).name);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function eventStoreContract(adapter: string, subject: ContractSubject): void {
  describe(`event store contract: ${adapter}`, () => {
    let store: EventStore;
    let stream: string;
    beforeEach(async () => {
      store = await subject.open();
      stream = `tenant-${uuidv7()}`;
    });
    afterEach(async () => {
      await store.close();
    });

    it('appends to a new stream and reads it back with versions, metadata and recording time', async () => {
      const first = tenantEvent('A');
      const result = await store.append(stream, [first, renamed('B')], { expectedVersion: 'no_stream' });
      expect(result.nextExpectedVersion).toBe(1n);
      const events = await store.readStream(stream);
      expect(events.map((e) => e.streamVersion)).toEqual([0n, 1n]);
      expect(names(events)).toEqual(['A', 'B']);
      expect(events[0]!.id).toBe(first.id);
      expect(events[0]!.schemaVersion).toBe(1);
      expect(events[0]!.metadata).toEqual(first.metadata);
      expect(events[0]!.recordedAt).toBeInstanceOf(Date);
      expect((await store.readStream(stream, { from: 1n })).map((e) => e.streamVersion)).toEqual([1n]);
    });

    it('gives back the readings of readings events as appended, every channel and text field included', async () => {
      const readings = [
        {
          ts: '2026-11-01T00:00:00.000Z',
          total: 12.5,
          flow: -0.25,
          valve: 'open',
          alarms: ['leak', 'tamper'],
        },
        { ts: '2026-11-01T01:00:00.000Z', total: 12.75, reverseTotal: 0.5, pressure: 0.31, pressure2: 0.29 },
        { ts: '2026-11-01T02:00:00.000Z', total: 13, battery: 3.6, signal: -81, temperature: 11.5 },
        { ts: '2026-11-01T03:00:00.000Z', total: 13.5, counterBreak: 'before' },
      ];
      const reported = {
        batchId: uuidv7(),
        gatewayId: uuidv7(),
        meters: [
          { meterId: uuidv7(), readings },
          { meterId: uuidv7(), readings: readings.slice(1, 2) },
        ],
      };
      // Written otherwise than the log writes times: kept as written.
      const imported = {
        importId: uuidv7(),
        meterId: uuidv7(),
        readings: [{ ts: '2026-11-01T04:00:00Z', total: 14 }],
      };
      const metadata = { tenantId, correlationId: uuidv7() };
      await store.append(
        stream,
        [
          { id: uuidv7(), type: 'ReadingsReported', data: reported, metadata },
          { id: uuidv7(), type: 'ReadingsImported', data: imported, metadata },
        ],
        { expectedVersion: 'no_stream' },
      );
      const expected = [reported, imported];
      expect((await store.readStream(stream)).map((e) => e.data)).toEqual(expected);
      // Not held back by transactions of other databases in flight: this is about data, not order.
      const types = ['ReadingsReported', 'ReadingsImported'];
      const all = await store.readAll({ types, limit: 10_000, stable: false });
      expect(all.filter((e) => e.stream === stream).map((e) => e.data)).toEqual(expected);
    });

    it('refuses a stale expected version with a typed error and writes nothing', async () => {
      await store.append(stream, [tenantEvent('A')], { expectedVersion: 'no_stream' });
      await store.append(stream, [renamed('B')], { expectedVersion: 0n });
      const error = await store.append(stream, [renamed('C')], { expectedVersion: 0n }).catch((e) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect((error as WrongExpectedVersionError).actual).toBe(1n);
      expect(names(await store.readStream(stream))).toEqual(['A', 'B']);
    });

    it('checks no_stream, exists and any', async () => {
      await expect(
        store.append(stream, [renamed('X')], { expectedVersion: 'exists' }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await store.append(stream, [tenantEvent('A')], { expectedVersion: 'any' });
      await expect(
        store.append(stream, [renamed('X')], { expectedVersion: 'no_stream' }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await store.append(stream, [renamed('B')], { expectedVersion: 'exists' });
      await store.append(stream, [renamed('C')], { expectedVersion: 'any' });
      expect(names(await store.readStream(stream))).toEqual(['A', 'B', 'C']);
    });

    it('lets exactly one of two concurrent appends at the same version win', async () => {
      await store.append(stream, [tenantEvent('A')], { expectedVersion: 'no_stream' });
      const outcomes = await Promise.allSettled([
        store.append(stream, [renamed('left')], { expectedVersion: 0n }),
        store.append(stream, [renamed('right')], { expectedVersion: 0n }),
      ]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o) => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
      const stored = names(await store.readStream(stream));
      expect(stored).toHaveLength(2);
      expect(['left', 'right']).toContain(stored[1]);
    });

    it('stores an event id once when the same append is retried', async () => {
      const events = [tenantEvent('A'), renamed('B')];
      const first = await store.append(stream, events, { expectedVersion: 'no_stream' });
      const retry = await store.append(stream, events, { expectedVersion: 'no_stream' });
      expect(retry.nextExpectedVersion).toBe(first.nextExpectedVersion);
      expect(retry.events).toEqual([]);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('refuses a malformed event before anything is written', async () => {
      const bad = { ...renamed(''), data: { tenantId, name: 42 } };
      await expect(
        store.append(stream, [tenantEvent('A'), bad], { expectedVersion: 'no_stream' }),
      ).rejects.toBeInstanceOf(InvalidEventError);
      const unknownType = { ...renamed('x'), type: 'NoSuchEvent' };
      await expect(store.append(stream, [unknownType], { expectedVersion: 'any' })).rejects.toBeInstanceOf(
        InvalidEventError,
      );
      const noTenant = { ...renamed('x'), metadata: { correlationId: uuidv7() } } as unknown as NewEvent;
      await expect(store.append(stream, [noTenant], { expectedVersion: 'any' })).rejects.toBeInstanceOf(
        InvalidEventError,
      );
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('appends thousands of events to many streams atomically in one call', async () => {
      const prefix = uuidv7();
      const requests = Array.from({ length: 200 }, (_, i) => ({
        stream: `tenant-${prefix}-${i}`,
        events: Array.from({ length: 10 }, (_, k) =>
          k === 0 ? tenantEvent(`s${i}`) : renamed(`s${i}.${k}`),
        ),
        expectedVersion: 'no_stream' as const,
      }));
      const head = await store.head();
      const results = await store.appendMany(requests);
      expect(results.every((r) => r.nextExpectedVersion === 9n)).toBe(true);
      expect(names(await store.readStream(`tenant-${prefix}-123`))[9]).toBe('s123.9');
      // The log holds them in the order given, each with its own data.
      expect(names(await store.readAll({ after: head, limit: 5000 }))).toEqual(
        requests.flatMap((r) => names(r.events)),
      );

      // One stale request fails the whole batch: nothing of it is written.
      const next = [
        { stream: `tenant-${prefix}-0`, events: [renamed('new')], expectedVersion: 9n },
        { stream: `tenant-${prefix}-1`, events: [renamed('new')], expectedVersion: 3n },
      ];
      await expect(store.appendMany(next)).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(`tenant-${prefix}-0`)).toHaveLength(10);
    });

    it('appends to many new streams at once, refusing the whole call when one of them exists', async () => {
      const prefix = uuidv7();
      const fresh = (from: number, to: number) =>
        Array.from({ length: to - from }, (_, i) => ({
          stream: `tenant-${prefix}-${from + i}`,
          events: [tenantEvent(`s${from + i}`)],
          expectedVersion: 'no_stream' as const,
        }));
      await store.append(`tenant-${prefix}-5`, [tenantEvent('first')], { expectedVersion: 'no_stream' });
      await expect(store.appendMany(fresh(0, 10))).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(`tenant-${prefix}-0`)).toEqual([]);
      expect(names(await store.readStream(`tenant-${prefix}-5`))).toEqual(['first']);

      const batch = fresh(10, 20);
      const results = await store.appendMany(batch);
      expect(results.map((r) => [r.nextExpectedVersion, r.events.length])).toEqual(batch.map(() => [0n, 1]));
      const retried = await store.appendMany(batch);
      expect(retried.every((r) => r.nextExpectedVersion === 0n && r.events.length === 0)).toBe(true);

      // Two calls racing for streams they share: one writes all of its own, the other nothing.
      const outcomes = await Promise.allSettled([
        store.appendMany(fresh(20, 30)),
        store.appendMany(fresh(25, 35)),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toBeInstanceOf(WrongExpectedVersionError);
      const written = await Promise.all(
        fresh(20, 35).map(async (r) => (await store.readStream(r.stream)).length),
      );
      expect(written.filter((n) => n === 1)).toHaveLength(10);
      expect(written.every((n) => n <= 1)).toBe(true);
    });

    it('reads all in log order after a checkpoint, by type and in pages', async () => {
      const head = await store.head();
      await store.append(stream, [tenantEvent('A'), renamed('B')], { expectedVersion: 'no_stream' });
      const other = `tenant-${uuidv7()}`;
      await store.append(other, [tenantEvent('C')], { expectedVersion: 'no_stream' });
      await store.append(stream, [renamed('D')], { expectedVersion: 1n });

      const all = await store.readAll({ after: head });
      expect(names(all)).toEqual(['A', 'B', 'C', 'D']);
      for (let i = 1; i < all.length; i++) {
        expect(compareCheckpoints(all[i - 1]!.checkpoint, all[i]!.checkpoint)).toBeLessThan(0);
      }
      const page = await store.readAll({ after: all[1]!.checkpoint, limit: 1 });
      expect(names(page)).toEqual(['C']);
      expect(names(await store.readAll({ after: head, types: ['TenantCreated'] }))).toEqual(['A', 'C']);
      expect(compareCheckpoints(await store.head(), all[3]!.checkpoint)).toBe(0);
    });

    it('reads all up to a budget of data bytes, and the first event however large', async () => {
      const head = await store.head();
      await store.append(stream, ['A', 'B', 'C', 'D'].map(renamed), { expectedVersion: 'no_stream' });
      // Events of one size: each one's data as JSON text.
      const [first] = await store.readAll({ after: head, limit: 1 });
      const size = Buffer.byteLength(JSON.stringify(first!.data));
      expect(names(await store.readAll({ after: head, maxBytes: 2 * size }))).toEqual(['A', 'B']);
      expect(names(await store.readAll({ after: head, maxBytes: 3 * size - 1 }))).toEqual(['A', 'B']);
      expect(names(await store.readAll({ after: head, maxBytes: 1 }))).toEqual(['A']);
      expect(names(await store.readAll({ after: head, maxBytes: 10 * size, limit: 3 }))).toEqual([
        'A',
        'B',
        'C',
      ]);
      expect(names(await store.readAll({ after: head, maxBytes: 10 * size }))).toEqual(['A', 'B', 'C', 'D']);
    });

    it('subscribes: catches up, then follows new appends live', async () => {
      const head = await store.head();
      await store.append(stream, [tenantEvent('A')], { expectedVersion: 'no_stream' });
      const seen: string[] = [];
      const subscription = store.subscribe({
        after: head,
        onEvents: async (events) => {
          seen.push(...names(events));
        },
      });
      await subscription.caughtUp;
      expect(seen).toEqual(['A']);
      await store.append(stream, [renamed('B')], { expectedVersion: 0n });
      await expect.poll(() => seen, { timeout: 5000 }).toEqual(['A', 'B']);
      await subscription.stop();
    });

    it('gives a concurrent consumer every event exactly once while writers commit out of order', async () => {
      const writers = 6;
      const appendsPerWriter = 8;
      const total = writers * appendsPerWriter * 2;
      const start = await store.head();
      // Each append holds its transaction open for a random time, so commits overtake each other.
      store.onAppend(async () => {
        await sleep(Math.random() * 20);
      });
      let done = false;
      const seen: RecordedEvent[] = [];
      const consumer = (async () => {
        let after: Checkpoint = start;
        while (!done || seen.length < total) {
          const batch = await store.readAll({ after, limit: 7 });
          seen.push(...batch);
          if (batch.length) after = batch[batch.length - 1]!.checkpoint;
          else await sleep(2);
        }
      })();
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const s = `tenant-${uuidv7()}-w${w}`;
          for (let k = 0; k < appendsPerWriter; k++) {
            const events =
              k === 0
                ? [tenantEvent(`${w}.0a`), renamed(`${w}.0b`)]
                : [renamed(`${w}.${k}a`), renamed(`${w}.${k}b`)];
            await store.append(s, events, { expectedVersion: k === 0 ? 'no_stream' : BigInt(2 * k - 1) });
          }
        }),
      );
      done = true;
      await Promise.race([consumer, sleep(20_000).then(() => Promise.reject(new Error('consumer stalled')))]);
      const ids = seen.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(seen).toHaveLength(total);
      for (let w = 0; w < writers; w++) {
        const mine = names(seen).filter((n) => n.startsWith(`${w}.`));
        expect(mine).toEqual(
          Array.from({ length: appendsPerWriter }, (_, k) => [`${w}.${k}a`, `${w}.${k}b`]).flat(),
        );
      }
    });

    if (subject.concurrentTransactions) {
      it('hides a later commit from readAll until an earlier in-flight transaction ends', async () => {
        const start = await store.head();
        let release!: () => void;
        const gate = new Promise<void>((r) => {
          release = r;
        });
        let holdNext = true;
        store.onAppend(async () => {
          if (holdNext) {
            holdNext = false;
            await gate;
          }
        });
        const slow = store.append(`tenant-${uuidv7()}`, [tenantEvent('slow')], {
          expectedVersion: 'no_stream',
        });
        await sleep(50);
        await store.append(`tenant-${uuidv7()}`, [tenantEvent('fast')], { expectedVersion: 'no_stream' });
        expect(names(await store.readAll({ after: start }))).toEqual([]);
        release();
        await slow;
        expect(names(await store.readAll({ after: start }))).toEqual(['slow', 'fast']);
      });
    }
  });
}
