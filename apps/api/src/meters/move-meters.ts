import {
  type CustomerCommand,
  customerDecider,
  DomainError,
  type MeterCommand,
  meterDecider,
} from '@hydrolog/domain';
import {
  getTenant,
  listMeterMoves,
  listMoveCandidates,
  listTenants,
  moveFacts,
  takenNumbers,
  tenantTimeZone,
  tenantTypes,
  withTenant,
} from '@hydrolog/projections';
import type {
  MeterMoveBody,
  MeterMoveCandidateQuery,
  MeterMoveListQuery,
  PageQuery,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';
import { openDebtsOf } from '../billing/index.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import type { Services } from '../services.ts';

async function tenantOrRefuse(db: Services['db'], tenantId: string) {
  const tenant = await getTenant(db, tenantId);
  if (!tenant) throw new DomainError('error.tenant.notFound');
  return tenant;
}

/** The moves of a filter, dated in the operator's time zone. */
export async function listMoves(
  db: Services['db'],
  request: FastifyRequest,
  query: PageQuery & MeterMoveListQuery,
) {
  const timeZone = await tenantTimeZone(db, callerOf(request).tenantId);
  return listMeterMoves(db, query, timeZone);
}

/** The utility tenants meters can move between (the first 50 matching a name). */
export async function moveTenants(db: Services['db'], name: string | undefined) {
  const { rows } = await listTenants(db, { pageNum: 1, pageSize: 50, name });
  return rows.filter((t) => t.kind !== 'platform').map(({ tenantId, name }) => ({ tenantId, name }));
}

/** A tenant's meter types and customer types (the move form's choices). */
export async function moveTypes(db: Services['db'], tenantId: string) {
  await tenantOrRefuse(db, tenantId);
  return withTenant(db, tenantId, tenantTypes);
}

/** The meters of a tenant that can move: on open accounts of a customer type. */
export async function moveCandidates(db: Services['db'], query: PageQuery & MeterMoveCandidateQuery) {
  await tenantOrRefuse(db, query.sourceTenantId);
  return withTenant(db, query.sourceTenantId, (sql) => listMoveCandidates(sql, query));
}

/** Moves meters, with their open accounts and history, to another tenant: all in one append or none. */
export async function moveMeters({ db, store }: Services, request: FastifyRequest, body: MeterMoveBody) {
  const { sourceTenantId, targetTenantId, meterIds, customerTypeId, meterTypeId, reason } = body;
  await tenantOrRefuse(db, sourceTenantId);
  await tenantOrRefuse(db, targetTenantId);
  // Meters of another tenant than the source are simply not found there.
  const facts = await withTenant(db, sourceTenantId, (sql) => moveFacts(sql, meterIds));
  const owed = await withTenant(db, sourceTenantId, (sql) =>
    openDebtsOf(
      sql,
      [...facts.values()].flatMap((m) => (m.customerId === null ? [] : [m.customerId])),
    ),
  );
  const meters = [...new Set(meterIds)].map((id) => {
    const meter = facts.get(id);
    if (!meter) throw new DomainError('error.meter.notFound');
    return meter;
  });
  const target = await withTenant(db, targetTenantId, async (sql) => ({
    types: await tenantTypes(sql),
    taken: await takenNumbers(
      sql,
      meters.map((m) => m.meterNo),
      meters.map((m) => m.accountNo ?? ''),
    ),
  }));
  if (!target.types.customerTypes.some((t) => t.customerTypeId === customerTypeId))
    throw new DomainError('error.customerType.notFound');
  if (!target.types.meterTypes.some((t) => t.meterTypeId === meterTypeId))
    throw new DomainError('error.meterType.notFound');

  const movedAt = new Date().toISOString();
  const moves = { fromTenantId: sourceTenantId, toTenantId: targetTenantId };
  const steps: StreamCommand[] = meters.flatMap((meter) => [
    {
      decider: meterDecider,
      id: meter.meterId,
      command: {
        type: 'MoveMeter',
        ...moves,
        meterTypeId,
        customerId: meter.customerId,
        customerTypeId,
        accountNo: meter.accountNo,
        customerName: meter.customerName,
        address: meter.address,
        phone: meter.phone,
        reason,
        adminContact: body.adminContact || null,
        movedAt,
        inPartition: meter.inPartition,
        numberTakenInTarget: target.taken.meterNos.has(meter.meterNo),
        batch: meters,
      } satisfies MeterCommand,
    },
    // A meter without an account is refused by its decider, the batch with it.
    ...(meter.customerId !== null && meter.accountNo !== null
      ? [
          {
            decider: customerDecider,
            id: meter.customerId,
            command: {
              type: 'Move',
              ...moves,
              at: movedAt,
              accountNo: meter.accountNo,
              openDebt: owed.get(meter.customerId) ?? 0,
              accountNoTakenInTarget: target.taken.accountNos.has(meter.accountNo),
              customerTypeId,
              meterTypeId,
            } satisfies CustomerCommand,
          },
        ]
      : []),
  ]);
  // The events belong to the tenant the meters now serve; the operator is who did it.
  const metadata = {
    tenantId: targetTenantId,
    userId: callerOf(request).userId,
    correlationId: request.id,
  };
  await executeAll(store, steps, { metadata });
}
