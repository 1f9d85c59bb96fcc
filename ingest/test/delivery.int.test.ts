import { InvalidEventError, SqlEventStore } from '@hydrolog/eventstore';
import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BatchDelivery, batchEventId, batchStream, LogDelivery } from '../src/service.ts';

const gateway = { gatewayId: uuidv7(), tenantId: uuidv7() };

/** A batch of one ReadingBatchReceived event; `accepted` below zero makes its event invalid. */
function batch(accepted = 0): BatchDelivery {
  const batchId = uuidv7();
  const stream = batchStream(gateway, batchId);
  const data = {
    batchId,
    gatewayId: gateway.gatewayId,
    receivedAt: new Date().toISOString(),
    accepted,
    duplicates: 0,
    rejected: [],
  };
  const metadata = { tenantId: gateway.tenantId, correlationId: batchId };
  return {
    stream,
    events: [{ id: batchEventId(stream, 0), type: 'ReadingBatchReceived', data, metadata }],
    key: gateway.gatewayId,
  };
}

describe.each(testEngines())('delivering batches to the log on $engine', (engine) => {
  let store: SqlEventStore;
  let delivery: LogDelivery;

  beforeAll(async () => {
    store = await SqlEventStore.open(await engine.open());
    delivery = new LogDelivery(store);
  });
  afterAll(() => store.close());

  const stored = async (b: BatchDelivery) => (await store.readStream(b.stream))[0]!.checkpoint;

  it('appends the batches that arrive during an append together in the next one, each answered with its own position', async () => {
    const batches = [batch(), batch(), batch()];
    const answers = await Promise.all(batches.map((b) => delivery.deliver(b)));
    const checkpoints = await Promise.all(batches.map(stored));
    expect(answers).toEqual(checkpoints.map((c) => ({ position: c.position.toString() })));
    // The first went alone; the two that waited for it share one transaction.
    expect(checkpoints[0]!.txId).not.toBe(checkpoints[1]!.txId);
    expect(checkpoints[1]!.txId).toBe(checkpoints[2]!.txId);
  });

  it("keeps one batch's failure its own: a batch already stored or sent twice exists, an invalid one fails alone", async () => {
    const before = batch();
    await delivery.deliver(before);
    const [fresh, invalid, again] = [batch(), batch(-1), batch()];
    const answers = await Promise.allSettled(
      [batch(), fresh, before, invalid, again, again].map((b) => delivery.deliver(b)),
    );
    expect(answers.map((a) => a.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const value = (i: number) => (answers[i] as PromiseFulfilledResult<unknown>).value;
    expect(value(1)).toEqual({ position: (await stored(fresh)).position.toString() });
    expect(value(2)).toBe('exists');
    expect((answers[3] as PromiseRejectedResult).reason).toBeInstanceOf(InvalidEventError);
    expect(await store.readStream(invalid.stream)).toEqual([]);
    expect([value(4), value(5)]).toContainEqual({ position: (await stored(again)).position.toString() });
    expect([value(4), value(5)]).toContain('exists');
    expect(await store.readStream(again.stream)).toHaveLength(1);
  });
});
