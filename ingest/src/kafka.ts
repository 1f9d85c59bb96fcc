import type { AppendRequest, EventStore, NewEvent } from '@hydrolog/eventstore';
import { type Consumer, Kafka, type Producer } from 'kafkajs';
import type { BatchDelivery, ReadingDelivery } from './service.ts';

/**
 * Kafka between the gateways and the log (DESIGN principle 8, `KAFKA_BROKERS`): the ingest route produces a
 * batch's events, keyed by gateway so each gateway's uploads stay in order, and answers once every in-sync
 * replica has them (acks=all); a consumer group appends them to the log and commits its offsets only after
 * the append. Event ids come from the batch, so a redelivery or a resent batch is stored once. An upload's
 * readings are one message, as large as the upload's JSON (up to INGEST_MAX_BYTES): the topic's
 * max.message.bytes and the consumer's fetch sizes must allow it.
 */

export interface KafkaSettings {
  brokers: string[];
  topic: string;
  groupId: string;
  clientId?: string;
}

/** One message: an event and the stream it belongs to. */
export interface KafkaDeliveryMessage {
  stream: string;
  event: NewEvent;
}

export function encodeMessages(batch: BatchDelivery): { key: string; value: string }[] {
  return batch.events.map((event) => ({
    key: batch.key,
    value: JSON.stringify({ stream: batch.stream, event } satisfies KafkaDeliveryMessage),
  }));
}

/**
 * Appends consumed messages to the log in one atomic append, each stream once and in message order. Events
 * already stored (same id) are left out by the store, so a message delivered again appends nothing.
 */
export async function appendDeliveries(
  store: EventStore,
  messages: readonly KafkaDeliveryMessage[],
): Promise<void> {
  const byStream = new Map<string, NewEvent[]>();
  for (const { stream, event } of messages) {
    let events = byStream.get(stream);
    if (!events) {
      events = [];
      byStream.set(stream, events);
    }
    if (!events.some((e) => e.id === event.id)) events.push(event);
  }
  const requests: AppendRequest[] = [...byStream].map(([stream, events]) => ({
    stream,
    events,
    expectedVersion: 'any',
  }));
  if (requests.length > 0) await store.appendMany(requests);
}

export class KafkaDelivery implements ReadingDelivery {
  private constructor(
    private readonly producer: Producer,
    private readonly topic: string,
  ) {}

  static async connect(settings: KafkaSettings): Promise<KafkaDelivery> {
    const kafka = new Kafka({ clientId: settings.clientId ?? 'hydrolog-ingest', brokers: settings.brokers });
    // Idempotent producer: a retried send is not written twice to a partition.
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    return new KafkaDelivery(producer, settings.topic);
  }

  async deliver(batch: BatchDelivery): Promise<{ position: string }> {
    const [first] = await this.producer.send({
      topic: this.topic,
      acks: -1,
      messages: encodeMessages(batch),
    });
    // The partition and offset of the batch's first event: where the consumer will have it.
    return { position: `kafka:${first?.partition ?? 0}@${first?.baseOffset ?? first?.offset ?? '0'}` };
  }

  close(): Promise<void> {
    return this.producer.disconnect();
  }
}

/** The consumer group that moves produced batches into the log. */
export async function startKafkaConsumer(settings: KafkaSettings, store: EventStore): Promise<Consumer> {
  const kafka = new Kafka({ clientId: settings.clientId ?? 'hydrolog-ingest', brokers: settings.brokers });
  const consumer = kafka.consumer({ groupId: settings.groupId });
  await consumer.connect();
  await consumer.subscribe({ topic: settings.topic, fromBeginning: true });
  await consumer.run({
    autoCommit: false,
    eachBatchAutoResolve: false,
    eachBatch: async ({ batch, resolveOffset, commitOffsetsIfNecessary, heartbeat }) => {
      const messages = batch.messages.map(
        (m) => JSON.parse(m.value?.toString() ?? 'null') as KafkaDeliveryMessage,
      );
      await appendDeliveries(store, messages);
      const last = batch.messages.at(-1);
      if (last) resolveOffset(last.offset);
      // Committed only now: a crash before this line redelivers, and the append above is idempotent.
      await commitOffsetsIfNecessary();
      await heartbeat();
    },
  });
  return consumer;
}
