import { uuidv7 } from '@hydrolog/schemas';
import {
  ANY,
  WrongExpectedVersionError as KurrentWrongExpectedVersion,
  NO_STREAM,
  STREAM_EXISTS,
} from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { compareCheckpoints, WrongExpectedVersionError } from '../src/index.ts';
import {
  fromKurrentError,
  KurrentEventStore,
  toCheckpoint,
  toPosition,
  toRecordedEvent,
  toStreamState,
} from '../src/kurrent-store.ts';
import { eventStoreContract } from './contract.ts';

// The KurrentDB lane: the whole contract runs when EVENTSTORE_URL points at a server (none runs here).
const url = process.env.EVENTSTORE_URL;
if (url) {
  eventStoreContract('KurrentDB', {
    open: () => KurrentEventStore.connect(url),
    concurrentTransactions: false,
  });
} else {
  console.info('KurrentDB lane not run: EVENTSTORE_URL is not set');
}

describe('KurrentDB adapter mapping (no server needed)', () => {
  it('maps expected versions to stream states', () => {
    expect(toStreamState('no_stream')).toBe(NO_STREAM);
    expect(toStreamState('exists')).toBe(STREAM_EXISTS);
    expect(toStreamState('any')).toBe(ANY);
    expect(toStreamState(7n)).toBe(7n);
  });

  it('maps $all positions to checkpoints and back, keeping their order', () => {
    const a = toCheckpoint({ commit: 100n, prepare: 90n });
    const b = toCheckpoint({ commit: 100n, prepare: 95n });
    const c = toCheckpoint({ commit: 120n, prepare: 10n });
    expect(compareCheckpoints(a, b)).toBeLessThan(0);
    expect(compareCheckpoints(b, c)).toBeLessThan(0);
    expect(toPosition(c)).toEqual({ commit: 120n, prepare: 10n });
  });

  it('maps a stored event to a RecordedEvent and leaves system events out', () => {
    const id = uuidv7();
    const tenantId = uuidv7();
    const created = new Date('2026-05-01T10:00:00Z');
    const event = toRecordedEvent({
      streamId: `tenant-${tenantId}`,
      id,
      isJson: true,
      revision: 3n,
      type: 'TenantRenamed',
      created,
      data: { tenantId, name: 'X' },
      metadata: { tenantId, correlationId: id, schemaVersion: 1 },
      position: { commit: 500n, prepare: 480n },
    });
    expect(event).toEqual({
      id,
      stream: `tenant-${tenantId}`,
      streamVersion: 3n,
      type: 'TenantRenamed',
      schemaVersion: 1,
      data: { tenantId, name: 'X' },
      metadata: { tenantId, correlationId: id },
      recordedAt: created,
      checkpoint: { txId: 500n, position: 480n },
    });
    const system = toRecordedEvent({
      streamId: '$stats',
      id,
      isJson: true,
      revision: 0n,
      type: '$statsCollected',
      created,
      data: {},
      metadata: {},
      position: { commit: 1n, prepare: 1n },
    });
    expect(system).toBeNull();
  });

  it('turns the client concurrency error into ours, with -1 for a missing stream', () => {
    const missing = new KurrentWrongExpectedVersion(undefined, {
      streamName: 's',
      expected: 'stream_exists',
      current: 'no_stream',
    });
    const mapped = fromKurrentError(missing, 's', 'exists');
    expect(mapped).toBeInstanceOf(WrongExpectedVersionError);
    expect((mapped as WrongExpectedVersionError).actual).toBe(-1n);
    const stale = new KurrentWrongExpectedVersion(undefined, { streamName: 's', expected: 2n, current: 5n });
    expect((fromKurrentError(stale, 's', 2n) as WrongExpectedVersionError).actual).toBe(5n);
    const other = new Error('unavailable');
    expect(fromKurrentError(other, 's', 'any')).toBe(other);
  });
});
