import {
  addDays,
  DomainError,
  HOUR_MS,
  infrastructureLeakageIndex,
  localDate,
  localHourBoundaries,
  localMidnight,
  missingDataReason,
} from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import {
  dailyFigures,
  getPoint,
  latestReadingAt,
  leakageRanking,
  meterHours,
  tenantTimeZone,
} from '@hydrolog/projections';
import type { HourlyFlow, iliQuerySchema, PageQuery, PointView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** Reads a point's figures for the caller (another tenant's point is "not found"). */
export async function pointFigures<T>(
  services: Services,
  request: FastifyRequest,
  pointId: string,
  work: (sql: Sql, point: PointView, timeZone: string) => Promise<T>,
): Promise<T> {
  const result = await readAsCaller(services.db, request, async (sql) => {
    const point = await getPoint(sql, pointId);
    return point
      ? { value: await work(sql, point, await tenantTimeZone(sql, callerOf(request).tenantId)) }
      : null;
  });
  if (!result) throw new DomainError('error.cascade.pointNotFound');
  return result.value;
}

/** A read model's figures of a point over the local days from `from` to `to`. */
export type PeriodFigures<T> = (
  sql: Sql,
  point: PointView,
  from: string,
  to: string,
  timeZone: string,
) => Promise<T>;

/** A point's figures of a period for the caller: daily, night, balance, leaks. */
export const periodFigures = <T>(
  services: Services,
  request: FastifyRequest,
  { pointId, from, to }: { pointId: string; from: string; to: string },
  read: PeriodFigures<T>,
) => pointFigures(services, request, pointId, (sql, point, timeZone) => read(sql, point, from, to, timeZone));

/** A page of the points with sub-meters by leakage rate over the last `days` finished days of the tenant. */
export const rankingOfLastDays = (
  services: Services,
  request: FastifyRequest,
  { days, ...page }: PageQuery & { days: number },
) =>
  readAsCaller(services.db, request, async (sql) => {
    const today = localDate(Date.now(), await tenantTimeZone(sql, callerOf(request).tenantId));
    // The finished days before today.
    const to = addDays(today, -1);
    return leakageRanking(sql, addDays(to, -(days - 1)), to, page);
  });

/** The Infrastructure Leakage Index of a point from its mean known daily leakage over the period. */
export async function leakageIndex(
  services: Services,
  request: FastifyRequest,
  { mainsKm, connections, privatePipeKm, pressureM, ...period }: z.infer<typeof iliQuerySchema>,
) {
  const days = await periodFigures(services, request, period, dailyFigures);
  const known = days.filter((d) => d.leakage !== null);
  const mean = known.length > 0 ? known.reduce((s, d) => s + d.leakage!, 0) / known.length : 0;
  const result = infrastructureLeakageIndex({
    mainsKm,
    connections,
    privatePipeKm,
    pressureM,
    realLossesM3PerDay: mean,
  });
  return { ...result, days: known.length };
}

/** The summary meter's flow in every local hour of one day (none without a summary meter). */
export const hourlyFlow = (services: Services, request: FastifyRequest, pointId: string, date: string) =>
  pointFigures(services, request, pointId, async (sql, point, timeZone): Promise<HourlyFlow[]> => {
    if (!point.summaryMeter) return [];
    const { meterId } = point.summaryMeter;
    const from = localMidnight(date, timeZone);
    const to = localMidnight(addDays(date, 1), timeZone);
    const hours = new Map(
      (await meterHours(sql, meterId, new Date(from), new Date(to))).map((h) => [h.start, h]),
    );
    const latest = await latestReadingAt(sql, meterId);
    const boundaries = localHourBoundaries(from, to, timeZone);
    return boundaries.slice(0, -1).map((start, i) => {
      const end = boundaries[i + 1]!;
      const hour = hours.get(start);
      const known = hour?.known === true;
      return {
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        flow: known ? hour!.volume! / ((end - start) / HOUR_MS) : null,
        known,
        coverage: hour?.coverage ?? 0,
        regular: hour?.regular ?? false,
        unknown: known ? null : missingDataReason(end, latest),
      };
    });
  });
