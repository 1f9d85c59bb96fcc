import { decodeReadingBatch, formatOf, type ReadingIngest } from '@hydrolog/ingest';
import type { IngestAnswer } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { gatewayOf } from './auth.ts';

/** What receiving readings needs, whatever the transport (HTTP, MQTT). */
export interface ReadingReceiver {
  services: Services;
  ingest: ReadingIngest;
  /** Readings events the readings projection may be behind before uploads are pushed back. */
  maxBacklog: number;
}

/**
 * The readings backlog: readings events the readings projection has yet to apply, counted up to `bound`;
 * none are counted for a bound of `Infinity`, which is never reached (no back-pressure).
 */
export interface ReadingsBacklog {
  count: number;
  bound: number;
}

export async function readingsBacklog(
  services: Pick<Services, 'runner'>,
  bound: number,
): Promise<ReadingsBacklog> {
  if (bound === Number.POSITIVE_INFINITY) return { count: 0, bound };
  return { count: await services.runner.backlog('readings', bound), bound };
}

/** A backlog at its bound or more: uploads are pushed back (and a system alarm is raised). */
export const overBound = (backlog: ReadingsBacklog) => backlog.count >= backlog.bound;

/** Whether the readings projection is `maxBacklog` events or more behind the log: uploads are pushed back. */
export async function isBusy({ services, maxBacklog }: ReadingReceiver): Promise<boolean> {
  return overBound(await readingsBacklog(services, maxBacklog));
}

/**
 * `POST /ingest/v1/readings`: decoded (JSON, NDJSON or Arrow by Content-Type, the batch id of NDJSON and
 * Arrow from Idempotency-Key, with precise errors) and answered once durable; `busy` while the readings
 * projection is too far behind.
 */
export async function receiveUpload(
  receiver: ReadingReceiver,
  request: FastifyRequest,
): Promise<IngestAnswer | 'busy'> {
  const format = formatOf(request.headers['content-type']);
  if (await isBusy(receiver)) return 'busy';
  const idempotencyKey = request.headers['idempotency-key'];
  const batch = decodeReadingBatch(
    format,
    (request.body as Buffer | undefined) ?? new Uint8Array(),
    Array.isArray(idempotencyKey) ? idempotencyKey[0] : idempotencyKey,
  );
  return receiver.ingest.receive(gatewayOf(request), batch);
}
