import type { Boundary, CascadeAlarmListQuery, CascadeThresholds } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName } from '../../../api/request.ts';

/** Cascade partitions, their metering points and the leakage figures (/cascade). */

export type {
  CascadeAlarmView,
  CascadeOverview,
  CascadeThresholds,
  DailyFigure,
  HourlyFlow,
  IliResult,
  LeakAnalysis,
  NightFigure,
  PartitionDetail,
  PartitionView,
  PeriodBalance,
  PointView,
  RankingRow,
  SubMeterCandidate,
} from '@hydrolog/schemas';

export interface PointFields {
  name: string;
  leaderName: string;
  leaderPhone: string;
  thresholds: CascadeThresholds;
}

export const listPartitions = (query: { pageNum: number; pageSize: number; name?: string }) =>
  api.call('GET /cascade/partition/list', { query });

export const getPartition = (partitionId: string) =>
  api.data('GET /cascade/partition/:partitionId', { params: { partitionId } });

export const createPartition = (body: PointFields) => api.data('POST /cascade/partition', { body });

/** Irreversible: the partition goes with all its points (the only way to remove a root). */
export const deletePartition = (partitionId: string) =>
  api.call('DELETE /cascade/partition/:partitionId', { params: { partitionId } });

/** The partition's fields (its root's) and boundary; `version` guards against a concurrent change. */
export const updatePartition = (
  body: PointFields & { partitionId: string; version: number; boundary: Boundary | null },
) => api.data('PUT /cascade/partition', { body });

/** Where the partition's meters stand on its map ([lng, lat]). */
export const setMeterPositions = (
  partitionId: string,
  positions: readonly { meterNo: string; coordinates: [number, number] }[],
) => api.call('PUT /cascade/partition/positions', { body: { partitionId, positions } });

export const addPoint = (body: PointFields & { partitionId: string; parentId: string }) =>
  api.data('POST /cascade/point', { body });

/** A point's name, leader and thresholds; on the root they are the partition's. */
export const updatePoint = (body: PointFields & { partitionId: string; pointId: string }) =>
  api.data('PUT /cascade/point', { body });

/** Irreversible; refused for the root and for points that still have sub-meters. */
export const deletePoints = (pointIds: readonly string[]) =>
  api.call('DELETE /cascade/point/:pointIds', { params: { pointIds: pointIds.join(',') } });

export const setSummaryMeter = (pointId: string, meterNo: string) =>
  api.data('PUT /cascade/point/summaryMeter', { body: { pointId, meterNo } });

/** Selected numbers, or numbers typed separated by English commas. */
export const addSubMeters = (pointId: string, meterNos: string | readonly string[]) =>
  api.data('POST /cascade/point/subMeters', { body: { pointId, meterNos } });

/** Opened meters that may become sub-meters of the point (the batch selection). */
export const listSubMeterCandidates = (
  pointId: string,
  query: { pageNum: number; pageSize: number; meterNo?: string; accountName?: string },
) => api.call('GET /cascade/point/:pointId/subMeterCandidates', { params: { pointId }, query });

/** A point's sub-meters by number; `meterNo` keeps those whose number contains it. */
export const listPointSubMeters = (
  pointId: string,
  query: { pageNum: number; pageSize: number; meterNo?: string },
) => api.call('GET /cascade/point/:pointId/subMeters', { params: { pointId }, query });

export const removeSubMeters = (pointId: string, meterNos: readonly string[]) =>
  api.call('PUT /cascade/point/subMeters/remove', { body: { pointId, meterNos } });

export const importSubMeters = (pointId: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api.data('POST /cascade/point/:pointId/subMeters/import', { params: { pointId }, body: form });
};

/** The xlsx template of a sub-meter import: one meter number per row. */
export const downloadSubMeterTemplate = () =>
  api.download('POST /cascade/point/subMeters/template', 'sub-meters-template.xlsx');

export interface AnalysisQuery {
  pointId: string;
  from: string;
  to: string;
}

export const dailyFigures = (query: AnalysisQuery) =>
  api.call('GET /cascade/analysis/daily', { query }).then((r) => r.rows);

export const nightFigures = (query: AnalysisQuery) =>
  api.call('GET /cascade/analysis/night', { query }).then((r) => r.rows);

export const periodBalance = (query: AnalysisQuery) => api.data('GET /cascade/analysis/balance', { query });

export const hourlyFlow = (pointId: string, date: string) =>
  api.call('GET /cascade/analysis/hourly', { query: { pointId, date } }).then((r) => r.rows);

/** Leak detection on a point's nightly MNF: each night against its baseline, and the leaks of the period. */
export const leakAnalysis = (query: AnalysisQuery) => api.data('GET /cascade/analysis/leaks', { query });

/** The tenant's holidays: nights leak detection neither judges nor learns from. */
export const getHolidays = () => api.data('GET /cascade/holidays').then((r) => r.holidays);
export const setHolidays = (holidays: readonly string[]) =>
  api.data('PUT /cascade/holidays', { body: { holidays } });

export interface IliInput {
  mainsKm: number;
  connections: number;
  privatePipeKm: number;
  pressureM: number;
}

export const infrastructureLeakageIndex = (query: AnalysisQuery & IliInput) =>
  api.data('GET /cascade/analysis/ili', { query });

export const leakageRanking = (query: { days: number; pageNum: number; pageSize: number }) =>
  api.call('GET /cascade/analysis/ranking', { query });

export const listCascadeAlarms = (query: { pageNum: number; pageSize: number } & CascadeAlarmListQuery) =>
  api.call('GET /cascade/alarm/list', { query });

export const exportCascadeAlarms = (filter: CascadeAlarmListQuery) =>
  api.download('POST /cascade/alarm/export', exportName('cascade-alarms'), { body: filter });

/** Marks alarms processed (one confirmed action; processed ones stay so). */
export const processCascadeAlarms = (alarmIds: readonly string[]) =>
  api.call('PUT /cascade/alarm/process/:alarmIds', { params: { alarmIds: alarmIds.join(',') } });

export const exportFigures = (kind: 'daily' | 'night', query: AnalysisQuery, format: 'csv' | 'xlsx') =>
  api.download(
    `POST /cascade/analysis/${kind}/export`,
    `cascade-${kind}-${query.from}-${query.to}.${format}`,
    {
      body: { ...query, format },
    },
  );

export const gisOverview = (options: { quiet?: boolean } = {}) =>
  api.data('GET /cascade/gis/overview', options);
export const screenOverview = () => api.data('GET /cascade/screen/overview');
