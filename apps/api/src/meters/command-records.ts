import { listMeterCommands } from '@hydrolog/projections';
import type { MeterCommandKind, PageQuery } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

// The key a command carries is a secret of the meter: no list answers it.

/** Valve and key-update commands with their status, newest first. */
export async function listCommands(
  db: Services['db'],
  request: FastifyRequest,
  query: PageQuery & {
    meterNo?: string | undefined;
    meterId?: string | undefined;
    kind?: MeterCommandKind | undefined;
  },
) {
  const page = await readAsCaller(db, request, (sql) => listMeterCommands(sql, query));
  return { total: page.total, rows: page.rows.map(({ key: _, tenantId: __, ...row }) => row) };
}

/** Key update records: executing, resend, timeout, resend successful, success, fail. */
export async function listKeyUpdates(
  db: Services['db'],
  request: FastifyRequest,
  query: PageQuery & { meterNo?: string | undefined },
) {
  const page = await readAsCaller(db, request, (sql) =>
    listMeterCommands(sql, { ...query, kind: 'keyUpdate' }),
  );
  return {
    total: page.total,
    rows: page.rows.map(({ commandId, meterId, meterNo, status, attempts, detail, issuedAt, updatedAt }) => ({
      commandId,
      meterId,
      meterNo,
      status,
      attempts,
      detail,
      issuedAt,
      updatedAt,
    })),
  };
}
