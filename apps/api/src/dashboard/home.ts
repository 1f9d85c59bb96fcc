import { localDate } from '@hydrolog/domain';
import type { Database, Sql } from '@hydrolog/eventstore';
import {
  accountCounts,
  alarmMeterDays,
  billDays,
  billTotals,
  dailyConsumption,
  meterCounts,
  meterStates,
  readingRate,
  tenantTimeZone,
  totalConsumption,
} from '@hydrolog/projections';
import { HOME_TREND_DAYS, type usageFilterSchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf, readAsCaller } from '../auth/guard.ts';

/** Reads of the caller's tenant, with its time zone and id. */
function asTenant<T>(
  db: Database,
  request: FastifyRequest,
  work: (sql: Sql, tenant: { tenantId: string; timeZone: string }) => Promise<T>,
): Promise<T> {
  return readAsCaller(db, request, async (sql) => {
    const { tenantId } = callerOf(request);
    const timeZone = await tenantTimeZone(sql, tenantId);
    return work(sql, { tenantId, timeZone });
  });
}

/** Water use, meters (outbound or not), customers and the reading rate of the caller's tenant. */
export const topData = (db: Database, request: FastifyRequest, now: () => Date) =>
  asTenant(db, request, async (sql, { tenantId, timeZone }) => {
    const meters = await meterCounts(sql, tenantId);
    const accounts = await accountCounts(sql, tenantId);
    // The last finished day: today is not over, so its rate would look low all day.
    const [yesterday] = await readingRate(sql, timeZone, localDate(now().getTime(), timeZone), 2);
    return {
      waterUse: await totalConsumption(sql, tenantId),
      meterCount: meters.total,
      metersOutbound: meters.reported,
      metersNotOutbound: meters.total - meters.reported,
      customerCount: accounts.opened,
      readingRate: yesterday?.rate ?? null,
      ...(await billFigures(sql)),
    };
  });

/** Billed, paid and unpaid amounts of the tenant's bills. */
async function billFigures(sql: Sql) {
  const cents = await billTotals(sql);
  return { billed: cents.billed / 100, paid: cents.paid / 100, unpaid: cents.unpaid / 100 };
}

/** Billed and paid amounts per local day over the home page's trend days; not available without any bill. */
export const billStatistics = (db: Database, request: FastifyRequest, now: () => Date) =>
  asTenant(db, request, async (sql, { timeZone }) => {
    const found = await billDays(sql, localDate(now().getTime(), timeZone), HOME_TREND_DAYS, timeZone);
    return {
      available: found.any,
      days: found.days.map((d) => ({ date: d.date, billed: d.billedCents / 100, paid: d.paidCents / 100 })),
    };
  });

/** Water used per local day over the last days of the filter, and their total. */
export const usageStatistics = (
  db: Database,
  request: FastifyRequest,
  now: () => Date,
  { days }: z.output<typeof usageFilterSchema>,
) =>
  asTenant(db, request, async (sql, { tenantId, timeZone }) => {
    const perDay = await dailyConsumption(sql, tenantId, now(), days, timeZone);
    return { total: perDay.reduce((sum, d) => sum + d.value, 0), days: perDay };
  });

/** Meters online, offline and never heard from; meters that reported per day. */
export const communicationStatistics = (db: Database, request: FastifyRequest, now: () => Date) =>
  asTenant(db, request, async (sql, { timeZone }) => {
    const at = now();
    const states = await meterStates(sql, at);
    const rate = await readingRate(sql, timeZone, localDate(at.getTime(), timeZone), HOME_TREND_DAYS);
    return {
      online: states.filter((s) => s.online).length,
      offline: states.filter((s) => !s.online && s.lastReportAt !== null).length,
      neverReported: states.filter((s) => s.lastReportAt === null).length,
      days: rate.map((d) => ({ date: d.date, value: d.reported })),
    };
  });

/** Meters that reported alarm codes per day and meter-days per alarm type. */
export const alarmStatistics = (db: Database, request: FastifyRequest, now: () => Date) =>
  asTenant(db, request, (sql, { tenantId, timeZone }) =>
    alarmMeterDays(sql, tenantId, now(), HOME_TREND_DAYS, timeZone, 'tenant_readings'),
  );
