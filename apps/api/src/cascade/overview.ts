import { addBalances, addDays, localDate } from '@hydrolog/domain';
import {
  alarmCounts,
  leakageRanking,
  listCascadeAlarms,
  listPartitions,
  listPoints,
  pointsDailyFigures,
  tenantTimeZone,
} from '@hydrolog/projections';
import type { CascadeOverview } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** The tenant's partitions at a glance, from the tenant's yesterday back (finished days only). */
export const cascadeOverview = (services: Services, request: FastifyRequest): Promise<CascadeOverview> =>
  readAsCaller(services.db, request, async (sql) => {
    const timeZone = await tenantTimeZone(sql, callerOf(request).tenantId);
    const today = localDate(Date.now(), timeZone);
    const yesterday = addDays(today, -1);
    const monthStart = `${today.slice(0, 8)}01`;
    const points = await listPoints(sql);
    const roots = points.filter((p) => p.level === 1);
    // On the first of a month, the month so far has no finished day: it is today's month from its first day.
    // The month and the week up to yesterday come from one read of each measured root's days.
    const weekStart = addDays(yesterday, -6);
    const { perPoint, total } = await pointsDailyFigures(
      sql,
      roots.filter((r) => r.summaryMeter),
      weekStart < monthStart ? weekStart : monthStart,
      today,
      timeZone,
    );
    const month = total.filter((d) => d.date >= monthStart);
    const days = total.filter((d) => d.date >= weekStart && d.date <= yesterday);
    const partitionFigures = [];
    const { rows: partitions } = await listPartitions(sql, { pageNum: 1, pageSize: 1000 });
    for (const partition of partitions) {
      const rootDays = perPoint.get(partition.rootPointId);
      const balance = rootDays ? addBalances(rootDays.filter((d) => d.date >= monthStart)) : null;
      partitionFigures.push({
        partitionId: partition.partitionId,
        name: partition.name,
        boundary: partition.boundary,
        supply: balance?.supply ?? null,
        leakage: balance?.leakage ?? null,
        leakageRate: balance?.leakageRate ?? null,
        unknown: balance?.unknown ?? 'noSummaryMeter',
      });
    }
    const ranking = await leakageRanking(sql, addDays(yesterday, -29), yesterday, {
      pageNum: 1,
      pageSize: 10,
    });
    const latest = await listCascadeAlarms(sql, { pageNum: 1, pageSize: 5 });
    return {
      timeZone,
      partitions: partitions.length,
      points: points.length,
      levels: Math.max(0, ...partitions.map((p) => p.levels)),
      summaryMeters: points.filter((p) => p.summaryMeter).length,
      subMeters: points.reduce((n, p) => n + p.subMeterCount, 0),
      month: { from: monthStart, to: today, ...addBalances(month) },
      yesterday: days.at(-1)!,
      dayBefore: days.at(-2)!,
      trend: days,
      ranking: ranking.rows,
      alarmCounts: await alarmCounts(sql, addDays(yesterday, -29), yesterday),
      latestAlarms: latest.rows,
      partitionFigures,
    };
  });
