import { decodeReadingBatch, formatOf, type ReadingIngest } from '@hydrolog/ingest';
import type { IngestAnswer } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { gatewayOf } from './auth.ts';

/**
 * A gateway's upload of readings, decoded (JSON, NDJSON or Arrow, with precise errors) and answered once
 * durable; `busy` while the readings projection is `maxBacklog` events or more behind the log.
 */
export async function receiveReadings(
  services: Services,
  ingest: ReadingIngest,
  maxBacklog: number,
  request: FastifyRequest,
): Promise<IngestAnswer | 'busy'> {
  const format = formatOf(request.headers['content-type']);
  if ((await services.runner.backlog('readings', maxBacklog)) >= maxBacklog) return 'busy';
  const idempotencyKey = request.headers['idempotency-key'];
  const batch = decodeReadingBatch(
    format,
    (request.body as Buffer | undefined) ?? new Uint8Array(),
    Array.isArray(idempotencyKey) ? idempotencyKey[0] : idempotencyKey,
  );
  return ingest.receive(gatewayOf(request), batch);
}
