import type {
  Boundary,
  CascadeAlarmView,
  CascadeOverview,
  CascadeThresholds,
  DailyFigure,
  HourlyFlow,
  LeakAnalysis,
  NightFigure,
  PartitionDetail,
  PartitionView,
  PeriodBalance,
  RankingRow,
  SubMeterCandidate,
} from '@hydrolog/schemas';
import { download, request, requestData } from '../../../api/request.ts';

/** Cascade partitions, their metering points and the leakage figures (/cascade). */

export type {
  CascadeAlarmView,
  CascadeOverview,
  CascadeThresholds,
  DailyFigure,
  HourlyFlow,
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

type Rows<T> = { code: number; total: number; rows: T[] };

export const listPartitions = (query: { pageNum: number; pageSize: number; name?: string }) =>
  request<Rows<PartitionView>>('/cascade/partition/list', { query: { ...query } });

export const getPartition = (partitionId: string) =>
  requestData<PartitionDetail>(`/cascade/partition/${partitionId}`);

export const createPartition = (body: PointFields) =>
  requestData<{ partitionId: string; pointId: string }>('/cascade/partition', { method: 'POST', body });

/** Irreversible: the partition goes with all its points (the only way to remove a root). */
export const deletePartition = (partitionId: string) =>
  request<{ code: number }>(`/cascade/partition/${partitionId}`, { method: 'DELETE' });

/** The partition's fields (its root's) and boundary; `version` guards against a concurrent change. */
export const updatePartition = (
  body: PointFields & { partitionId: string; version: number; boundary: Boundary | null },
) => requestData<PartitionDetail>('/cascade/partition', { method: 'PUT', body });

/** Where the partition's meters stand on its map ([lng, lat]). */
export const setMeterPositions = (
  partitionId: string,
  positions: readonly { meterNo: string; coordinates: [number, number] }[],
) =>
  request<{ code: number }>('/cascade/partition/positions', {
    method: 'PUT',
    body: { partitionId, positions },
  });

export const addPoint = (body: PointFields & { partitionId: string; parentId: string }) =>
  requestData<{ partitionId: string; pointId: string }>('/cascade/point', { method: 'POST', body });

/** A point's name, leader and thresholds; on the root they are the partition's. */
export const updatePoint = (body: PointFields & { partitionId: string; pointId: string }) =>
  requestData<{ pointId: string }>('/cascade/point', { method: 'PUT', body });

/** Irreversible; refused for the root and for points that still have sub-meters. */
export const deletePoints = (pointIds: readonly string[]) =>
  request<{ code: number }>(`/cascade/point/${pointIds.join(',')}`, { method: 'DELETE' });

export const setSummaryMeter = (pointId: string, meterNo: string) =>
  requestData<{ meterId: string; meterNo: string }>('/cascade/point/summaryMeter', {
    method: 'PUT',
    body: { pointId, meterNo },
  });

/** Selected numbers, or numbers typed separated by English commas. */
export const addSubMeters = (pointId: string, meterNos: string | readonly string[]) =>
  requestData<{ added: number; total: number }>('/cascade/point/subMeters', {
    method: 'POST',
    body: { pointId, meterNos },
  });

/** Opened meters that may become sub-meters of the point (the batch selection). */
export const listSubMeterCandidates = (
  pointId: string,
  query: { pageNum: number; pageSize: number; meterNo?: string; accountName?: string },
) =>
  request<Rows<SubMeterCandidate>>(`/cascade/point/${pointId}/subMeterCandidates`, { query: { ...query } });

/** A point's sub-meters by number; `meterNo` keeps those whose number contains it. */
export const listPointSubMeters = (
  pointId: string,
  query: { pageNum: number; pageSize: number; meterNo?: string },
) =>
  request<Rows<{ meterId: string; meterNo: string }>>(`/cascade/point/${pointId}/subMeters`, {
    query: { ...query },
  });

export const removeSubMeters = (pointId: string, meterNos: readonly string[]) =>
  request<{ code: number }>('/cascade/point/subMeters/remove', {
    method: 'PUT',
    body: { pointId, meterNos },
  });

export const importSubMeters = (pointId: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return requestData<{
    added: number;
    total: number;
    errors: { row: number; meterNo: string; message: string }[];
  }>(`/cascade/point/${pointId}/subMeters/import`, { method: 'POST', body: form });
};

export const SUB_METER_TEMPLATE_PATH = '/cascade/point/subMeters/template';

export interface AnalysisQuery {
  pointId: string;
  from: string;
  to: string;
}

export const dailyFigures = (query: AnalysisQuery) =>
  request<Rows<DailyFigure>>('/cascade/analysis/daily', { query: { ...query } }).then((r) => r.rows);

export const nightFigures = (query: AnalysisQuery) =>
  request<Rows<NightFigure>>('/cascade/analysis/night', { query: { ...query } }).then((r) => r.rows);

export const periodBalance = (query: AnalysisQuery) =>
  requestData<PeriodBalance>('/cascade/analysis/balance', { query: { ...query } });

export const hourlyFlow = (pointId: string, date: string) =>
  request<Rows<HourlyFlow>>('/cascade/analysis/hourly', { query: { pointId, date } }).then((r) => r.rows);

/** Leak detection on a point's nightly MNF: each night against its baseline, and the leaks of the period. */
export const leakAnalysis = (query: AnalysisQuery) =>
  requestData<LeakAnalysis>('/cascade/analysis/leaks', { query: { ...query } });

/** The tenant's holidays: nights leak detection neither judges nor learns from. */
export const getHolidays = () =>
  requestData<{ holidays: string[] }>('/cascade/holidays').then((r) => r.holidays);
export const setHolidays = (holidays: readonly string[]) =>
  requestData<null>('/cascade/holidays', { method: 'PUT', body: { holidays } });

export interface IliInput {
  mainsKm: number;
  connections: number;
  privatePipeKm: number;
  pressureM: number;
}
export interface IliResult {
  uarlLitresPerDay: number;
  carlLitresPerDay: number;
  ili: number | null;
  /** days of the period with a known leakage (CARL is their mean) */
  days: number;
}

export const infrastructureLeakageIndex = (query: AnalysisQuery & IliInput) =>
  requestData<IliResult>('/cascade/analysis/ili', { query: { ...query } });

export const leakageRanking = (days = 30) =>
  request<Rows<RankingRow>>('/cascade/analysis/ranking', { query: { days } }).then((r) => r.rows);

export const listCascadeAlarms = (query: { pageNum: number; pageSize: number; partitionId?: string }) =>
  request<Rows<CascadeAlarmView>>('/cascade/alarm/list', { query: { ...query } });

/** Marks alarms processed (one confirmed action; processed ones stay so). */
export const processCascadeAlarms = (alarmIds: readonly string[]) =>
  request<{ code: number }>(`/cascade/alarm/process/${alarmIds.join(',')}`, { method: 'PUT' });

export const exportFigures = (kind: 'daily' | 'night', query: AnalysisQuery, format: 'csv' | 'xlsx') =>
  download(
    `/cascade/analysis/${kind}/export`,
    { ...query, format },
    `cascade-${kind}-${query.from}-${query.to}.${format}`,
  );

export const gisOverview = () => requestData<CascadeOverview>('/cascade/gis/overview');
export const screenOverview = () => requestData<CascadeOverview>('/cascade/screen/overview');
