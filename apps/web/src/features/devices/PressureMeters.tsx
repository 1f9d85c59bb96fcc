import {
  PRESSURE_STATES,
  type PressureMeterListQuery,
  type PressureMeterView,
  type PressureState,
} from '@hydrolog/schemas';
import { Badge, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { z } from 'zod';
import {
  defineListScreen,
  editRowOf,
  type ListScreenDefinition,
  listColumns,
  listTexts,
  OptionFilter,
  removalTexts,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { useListDialog } from '../../hooks/useListDialog.ts';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { deletePressureMeters, exportPressureMeters, listPressureMeters } from './api/pressureMeters.ts';
import { PressureAnalysisDialog } from './PressureAnalysis.tsx';
import { PressureMeterForm } from './PressureMeterForm.tsx';

/** The route of this page (menu catalogue component 'gateway/pressure/index'). */
export const PRESSURE_METERS_PATH = '/gateway/pressure';

type View = 'list' | 'card';
interface Props {
  view: View;
  onView(view: View): void;
}

const column = listColumns<PressureMeterView>();
const filters = z.object({
  deviceNumber: filterField.text(20),
  monitoringSite: filterField.text(100),
  state: filterField.option(PRESSURE_STATES),
});
const filterOf = (query: z.infer<typeof filters>): PressureMeterListQuery => ({
  deviceNumber: query.deviceNumber || undefined,
  monitoringSite: query.monitoringSite || undefined,
  state: (query.state || undefined) as PressureState | undefined,
});
const STATE_COLORS: Record<PressureState, string> = { normal: 'green', alarm: 'red', unknown: 'gray' };

function StateBadge({ state, t }: { state: PressureState; t: TFunction }) {
  return (
    <Badge variant="light" color={STATE_COLORS[state]} tt="none">
      {t(`pressureMeters.states.${state}`)}
    </Badge>
  );
}

type Filters = z.infer<typeof filters>;
type Page = { analysis: ReturnType<typeof useListDialog<PressureMeterView>> };
type Parts = Omit<ListScreenDefinition<Filters, PressureMeterView, Page, Props, never>, 'columns' | 'card'>;

/** The parts both views share: the query, filters, form, analysis dialog, removal and export. */
const shared: Parts = {
  path: PRESSURE_METERS_PATH,
  texts: listTexts('pressureMeters'),
  filters,
  testId: 'pressure-meters',
  fetch: (query) => listPressureMeters({ ...pageParams(query), ...filterOf(query) }),
  rowId: (row) => row.pressureMeterId,
  usePage: (list) => ({
    analysis: useListDialog<PressureMeterView>(list),
  }),
  above: ({ t, props }) => (
    <Group justify="flex-end">
      <SegmentedControl
        data-testid="pressure-meters-view"
        value={props.view}
        onChange={(value) => props.onView(value as View)}
        data={[
          { value: 'list', label: t('pressureMeters.listView') },
          { value: 'card', label: t('pressureMeters.cardView') },
        ]}
      />
    </Group>
  ),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter
        bar={bar}
        name="deviceNumber"
        label={t('pressureMeters.deviceNumber')}
        maxLength={20}
        digits
      />
      <TextFilter
        bar={bar}
        name="monitoringSite"
        label={t('pressureMeters.monitoringSite')}
        maxLength={100}
      />
      <OptionFilter
        bar={bar}
        name="state"
        label={t('pressureMeters.state')}
        placeholder={t('pressureMeters.allStates')}
        options={PRESSURE_STATES.map((value) => ({ value, label: t(`pressureMeters.states.${value}`) }))}
      />
    </>
  ),
  remove: ({ t }) => ({
    permission: ['device:pressure:remove'],
    ...removalTexts<PressureMeterView>(t, 'pressureMeters', (row) => ({ name: row.deviceNumber })),
    run: (rows) => deletePressureMeters(rows.map((row) => row.pressureMeterId)),
  }),
  export: {
    permission: 'device:pressure:export',
    run: (query) => exportPressureMeters(filterOf(query)),
  },
  create: ({ t }) => ({ label: t('pressureMeters.new'), permission: ['device:pressure:add'] }),
  form: ({ row, close, saved }) => <PressureMeterForm pressureMeter={row} onClose={close} onSaved={saved} />,
  dialogs: ({ page: { analysis } }) =>
    analysis.value && <PressureAnalysisDialog pressureMeter={analysis.value} onClose={analysis.close} />,
};

const analysisAction = (row: PressureMeterView, t: TFunction, page: Page) => ({
  label: t('pressureMeters.analysis'),
  ariaLabel: t('pressureMeters.analysisOf', { name: row.deviceNumber }),
  icon: 'chart' as const,
  permission: ['device:pressure:query'],
  onClick: () => page.analysis.open(row),
});

/** The list view: a row per pressure meter with its latest pressure, state and limits. */
const PressureMeterTable = defineListScreen<Filters, PressureMeterView, Page, Props, never>({
  ...shared,
  columns: ({ t, language }) => [
    column.accessor('deviceNumber', { header: t('pressureMeters.deviceNumber') }),
    column.accessor('monitoringSite', { header: t('pressureMeters.monitoringSite') }),
    column.accessor('pressure', {
      header: t('pressureMeters.pressure'),
      cell: (c) => formatNumber(c.getValue(), language, 3),
    }),
    column.accessor('state', {
      header: t('pressureMeters.state'),
      cell: (c) => <StateBadge state={c.getValue()} t={t} />,
    }),
    column.accessor('upperLimit', { header: t('pressureMeters.upperLimit') }),
    column.accessor('lowerLimit', { header: t('pressureMeters.lowerLimit') }),
    column.accessor('rtuAddress', { header: t('pressureMeters.rtuAddress') }),
    column.accessor('collectionTime', {
      header: t('pressureMeters.collectionTime'),
      cell: (c) => (c.getValue() ? dayjs(c.getValue()).format('YYYY-MM-DD HH:mm') : ''),
    }),
    column.accessor('address', { header: t('pressureMeters.address') }),
  ],
  editRow: editRowOf<PressureMeterView>('pressureMeters', 'device:pressure:edit', (row) => row.deviceNumber),
  rowActions: (row, { t, page }) => [analysisAction(row, t, page)],
  minWidth: 1100,
});

/** The card view: a card per pressure meter, its pressure large, coloured by its state. */
const PressureMeterCards = defineListScreen<Filters, PressureMeterView, Page, Props, never>({
  ...shared,
  card: (row, { t, language, page, edit, hasPermi }) => (
    <Card withBorder padding="sm" data-testid="pressure-meter-card">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>{row.deviceNumber}</Text>
          <Text size="sm" c="dimmed">
            {row.monitoringSite}
          </Text>
        </Stack>
        <StateBadge state={row.state} t={t} />
      </Group>
      <Group justify="space-between" align="end" mt="xs">
        <Stack gap={0}>
          <Text size="xl" fw={700} c={STATE_COLORS[row.state]}>
            {row.pressure === null ? '—' : `${formatNumber(row.pressure, language, 3)} MPa`}
          </Text>
          <Text size="xs" c="dimmed">
            {formatNumber(row.lowerLimit, language, 3)} – {formatNumber(row.upperLimit, language, 3)} MPa
            {row.collectionTime ? ` · ${dayjs(row.collectionTime).format('YYYY-MM-DD HH:mm')}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          {hasPermi(['device:pressure:edit']) && (
            <Button size="xs" variant="default" onClick={() => edit(row)}>
              {t('pressureMeters.edit')}
            </Button>
          )}
          {hasPermi(['device:pressure:query']) && (
            <Button size="xs" variant="light" onClick={() => page.analysis.open(row)}>
              {t('pressureMeters.analysis')}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  ),
});

/**
 * Devices / Pressure meters: the network's pressure loggers, each a meter of the registry, with their latest
 * pressure and state against their limits, as a list or as cards; each opens its day's analysis and trend.
 */
export function PressureMeters() {
  const [view, setView] = useState<View>('list');
  const Screen = view === 'list' ? PressureMeterTable : PressureMeterCards;
  return <Screen view={view} onView={setView} />;
}
