import type { RankingRow } from '@hydrolog/schemas';
import { Text } from '@mantine/core';
import { z } from 'zod';
import { defineListScreen, listColumns } from '../../components/ListScreen.tsx';
import { figureColumns } from '../../components/ListTable.tsx';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import { leakageRanking } from './api/cascade.ts';
import { CASCADE_ANALYSIS_PATH, CASCADE_RANKING_SCOPE, rateColor } from './cascadeQuery.ts';

const column = listColumns<RankingRow>();

/**
 * Every metering point with sub-meters of the tenant by its leakage rate over the last 30 finished days,
 * highest first, paged on the server (a city has thousands); its page kept in the analysis page's URL under
 * `ranking.`.
 */
export const CascadeRanking = defineListScreen({
  path: CASCADE_ANALYSIS_PATH,
  scope: CASCADE_RANKING_SCOPE,
  testId: 'analysis-ranking',
  tableTestId: 'analysis-ranking',
  texts: { title: 'cascade.rankingTitle', empty: 'cascade.noRanking' },
  filters: z.object({}),
  fetch: ({ pageNum, pageSize }) => leakageRanking({ days: 30, pageNum, pageSize }),
  rowId: (row) => row.pointId,
  columnChoice: false,
  minWidth: 480,
  cellStyle: figureColumns('supply', 'leakage', 'leakageRate'),
  columns: ({ t, language, list }) => [
    column.display({
      id: 'rank',
      header: () => '#',
      cell: (c) => (list.query.pageNum - 1) * list.query.pageSize + c.row.index + 1,
    }),
    column.accessor('name', { header: () => t('cascade.point') }),
    column.accessor('supply', {
      header: () => t('cascade.supply'),
      cell: (c) => formatNumber(c.getValue(), language, 3),
    }),
    column.accessor('leakage', {
      header: () => t('cascade.leakage'),
      cell: (c) => formatNumber(c.getValue(), language, 3),
    }),
    column.accessor('leakageRate', {
      header: () => t('cascade.leakageRate'),
      cell: (c) => <Text c={rateColor(c.getValue())}>{formatPercent(c.getValue(), language) || '—'}</Text>,
    }),
  ],
});
