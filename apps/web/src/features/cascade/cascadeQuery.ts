import {
  CASCADE_IMPORT_MAX,
  type CascadeAlarmKindName,
  type CascadeAlarmListQuery,
  cascadeAlarmKindSchema,
} from '@hydrolog/schemas';
import { z } from 'zod';
import { filterField, type PageQuery, queryDate, queryOption, queryText } from '../../lib/listQuery.ts';
import { type DateRange, inOrder, rangeFields } from '../../lib/logQuery.ts';

/** The queries of the cascade pages as kept in the URL. */

/** The route of the leakage analysis (menu catalogue component 'cascade/analysis/index'). */
export const CASCADE_ANALYSIS_PATH = '/cascade/analysis';

export interface PartitionFilters {
  name: string;
}
export interface PartitionQuery extends PartitionFilters, PageQuery {}

export const partitionFilters = z.object({ name: filterField.text(50) });

export const ANALYSIS_TABS = ['analysis', 'statistics', 'detection'] as const;
export const ANALYSIS_MODES = ['partition', 'point'] as const;
/** Spec section 9 date presets. */
export const ANALYSIS_PRESETS = [7, 30, 90] as const;

export interface AnalysisPageQuery {
  tab: (typeof ANALYSIS_TABS)[number];
  mode: (typeof ANALYSIS_MODES)[number];
  partitionId: string;
  pointId: string;
  /** local days, both included; '' for the default (the last 30 finished days) */
  from: string;
  to: string;
}

export function parseAnalysisQuery(search: Record<string, unknown>): AnalysisPageQuery {
  return {
    tab: queryOption(search.tab, ANALYSIS_TABS) || 'analysis',
    mode: queryOption(search.mode, ANALYSIS_MODES) || 'partition',
    partitionId: queryText(search.partitionId, 36),
    pointId: queryText(search.pointId, 36),
    from: queryDate(search.from),
    to: queryDate(search.to),
  };
}

/** Defaults are left out of the URL. */
export function analysisSearch(query: AnalysisPageQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (query.tab !== 'analysis') out.tab = query.tab;
  if (query.mode !== 'partition') out.mode = query.mode;
  for (const key of ['partitionId', 'pointId', 'from', 'to'] as const) if (query[key]) out[key] = query[key];
  return out;
}

/** The filter bar of the cascade alarm list: its type and its days (local days, both included). */
export interface CascadeAlarmFilters extends DateRange {
  kind: CascadeAlarmKindName | '';
}

/** Read from the analysis page's URL, where the list keeps its params under `alarms.` beside the page's. */
export const cascadeAlarmFilters = z
  .object({ kind: filterField.option(cascadeAlarmKindSchema.options), ...rangeFields })
  .transform(inOrder);
export const CASCADE_ALARMS_SCOPE = 'alarms';
/** The ranking's page, in the analysis page's URL. */
export const CASCADE_RANKING_SCOPE = 'ranking';

/** The filter of GET /cascade/alarm/list and of its export: the list's filters in the page's partition. */
export const cascadeAlarmFilter = (
  filters: CascadeAlarmFilters,
  partitionId: string,
): CascadeAlarmListQuery => ({
  partitionId: partitionId || undefined,
  kind: filters.kind || undefined,
  from: filters.beginTime || undefined,
  to: filters.endTime || undefined,
});

/** Colour ranges of leakage rates, ending at 100% (DESIGN "Leakage definitions"). */
export const RATE_RANGES = [
  { upTo: 0.1, color: '#2f9e44' },
  { upTo: 0.2, color: '#94d82d' },
  { upTo: 0.3, color: '#fab005' },
  { upTo: 0.5, color: '#f76707' },
  { upTo: 1, color: '#e03131' },
] as const;

/** The colour of a rate; rates at or over 100% take the last range, unknown ones grey. */
export function rateColor(rate: number | null): string {
  if (rate === null) return '#adb5bd';
  return (RATE_RANGES.find((r) => rate <= r.upTo) ?? RATE_RANGES.at(-1)!).color;
}

/** Meters one batch may add to a point: at most CASCADE_IMPORT_MAX, and no more than its remaining quota. */
export function batchLimit(remaining: number): number {
  return Math.max(0, Math.min(CASCADE_IMPORT_MAX, remaining));
}

/** Why a batch selection of `count` meters cannot be added (an i18n key), or null when it can. */
export function selectionProblem(
  count: number,
  remaining: number,
): 'cascade.picker.noneSelected' | 'cascade.picker.tooMany' | null {
  if (count === 0) return 'cascade.picker.noneSelected';
  if (count > batchLimit(remaining)) return 'cascade.picker.tooMany';
  return null;
}

/** The World Bank Institute's ILI bands (A best, D worst) for an index, or null when it is unknown. */
export function iliBand(ili: number | null): 'A' | 'B' | 'C' | 'D' | null {
  if (ili === null || !Number.isFinite(ili)) return null;
  if (ili < 2) return 'A';
  if (ili < 4) return 'B';
  if (ili < 8) return 'C';
  return 'D';
}
