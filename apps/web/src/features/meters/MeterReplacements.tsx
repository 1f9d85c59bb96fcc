import {
  METER_REPLACEMENT_SORT_COLUMNS,
  type MeterReplaceBody,
  type MeterReplacementView,
  meterReplaceBodySchema,
} from '@hydrolog/schemas';
import { Button, Card, Group, Modal, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FilterBar,
  figureColumns,
  ListHeader,
  ListPager,
  ListTable,
  type listFeatures,
  useListTable,
} from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { pageParams, sortParams } from '../../lib/listQuery.ts';
import { isFiltered } from '../../lib/meterQuery.ts';
import { exportMeterReplacements, listMeterReplacements, replaceMeter } from './api/meterReplacements.ts';
import {
  EMPTY_METER_REPLACE_FILTERS,
  type MeterReplaceQuery,
  meterReplaceFilter,
  parseMeterReplaceQuery,
} from './meterReplaceQuery.ts';

/** The route of this page (menu catalogue component 'business/meterReplace/index'). */
export const METER_REPLACE_PATH = '/meter/replace';

const fetchReplacements = (query: MeterReplaceQuery) =>
  listMeterReplacements({ ...pageParams(query), ...meterReplaceFilter(query) });
const column = createColumnHelper<typeof listFeatures, MeterReplacementView>();
const dateTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

type Values = {
  oldMeterNo: string;
  newMeterNo: string;
  /** ISO instant; the input shows it as local date and time. */
  lastReadTime: string;
  recentReading: number | '';
  reason: string;
} & Record<string, unknown>;

/** Swap a meter: asks for confirmation first, as the swap cannot be undone. */
function MeterReplaceForm({ onClose, onSaved }: { onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, MeterReplaceBody>(meterReplaceBodySchema, {
    oldMeterNo: '',
    newMeterNo: '',
    lastReadTime: dayjs().second(0).millisecond(0).toISOString(),
    recentReading: '',
    reason: '',
  });
  async function submit() {
    const { oldMeterNo, newMeterNo } = form.values;
    await form.submit(async (body) => {
      const done = await confirmAndRun(
        {
          title: t('meterReplace.confirmTitle'),
          message: t('meterReplace.confirm', { oldMeterNo, newMeterNo }),
          confirm: t('meterReplace.replace'),
        },
        () => replaceMeter(body),
        t('meterReplace.saved', { oldMeterNo, newMeterNo }),
      );
      if (done) onSaved();
    });
  }
  return (
    <Modal opened onClose={onClose} title={t('meterReplace.new')}>
      <form
        noValidate
        data-testid="meter-replace-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('meterReplace.oldMeterNo')}
            withAsterisk
            data-autofocus
            maxLength={32}
            {...form.text('oldMeterNo')}
          />
          <TextInput
            label={t('meterReplace.newMeterNo')}
            withAsterisk
            maxLength={32}
            {...form.text('newMeterNo')}
          />
          <TextInput
            label={t('meterReplace.lastReadTime')}
            withAsterisk
            type="datetime-local"
            value={form.values.lastReadTime ? dayjs(form.values.lastReadTime).format('YYYY-MM-DDTHH:mm') : ''}
            onChange={(e) => {
              const local = dayjs(e.currentTarget.value);
              form.set('lastReadTime', local.isValid() ? local.toISOString() : '');
            }}
            error={form.errors.lastReadTime}
          />
          <NumberInput
            label={t('meterReplace.recentReading')}
            description={t('meterReplace.recentReadingHint')}
            withAsterisk
            min={0}
            decimalScale={3}
            value={form.values.recentReading}
            onChange={(v) => form.set('recentReading', typeof v === 'number' ? v : '')}
            error={form.errors.recentReading}
          />
          <Textarea
            label={t('meterReplace.reason')}
            withAsterisk
            maxLength={100}
            value={form.values.reason}
            onChange={(e) => form.set('reason', e.currentTarget.value)}
            error={form.errors.reason}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.busy}>
              {t('meterReplace.replace')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Meters / Meter replacement: the swaps made (the account moves to the new meter) and a form for a new one. */
export function MeterReplacements() {
  const { t } = useTranslation();
  const list = useListPage({
    path: METER_REPLACE_PATH,
    parse: parseMeterReplaceQuery,
    empty: EMPTY_METER_REPLACE_FILTERS,
    fetch: fetchReplacements,
  });
  const { query, filters, setFilter, data, loading, load, search, reset } = list;
  const [replacing, setReplacing] = useState(false);

  const columns = column.columns([
    column.accessor('oldMeterNo', { header: t('meterReplace.oldMeterNo') }),
    column.accessor('newMeterNo', { header: t('meterReplace.newMeterNo') }),
    column.accessor('accountNo', {
      header: t('meterReplace.accountNo'),
      cell: (c) => c.getValue() ?? '',
    }),
    column.accessor('lastReadTime', {
      header: t('meterReplace.lastReadTime'),
      cell: (c) => dateTime(c.getValue()),
    }),
    column.accessor('recentReading', { header: t('meterReplace.recentReading') }),
    column.accessor('newInitialReading', { header: t('meterReplace.newInitialReading') }),
    column.accessor('reason', { header: t('meterReplace.reason') }),
    column.accessor('operator', {
      header: t('meterReplace.operator'),
      cell: (c) => c.getValue() ?? '',
    }),
    column.accessor('replacedAt', {
      header: t('meterReplace.replacedAt'),
      cell: (c) => dateTime(c.getValue()),
    }),
  ]);
  const table = useListTable('meter-replace-table', {
    columns,
    rows: data?.rows,
    getRowId: (row) => row.replacementId,
  });

  return (
    <Card withBorder data-testid="meter-replace-page">
      <ListHeader
        title={t('meterReplace.title')}
        table={table}
        testId="meter-replace-table"
        exportPermission="business:meterReplace:export"
        exportFile={() => exportMeterReplacements({ ...meterReplaceFilter(query), ...sortParams(query) })}
      >
        <HasPermi value={['business:meterReplace:add']}>
          <Button onClick={() => setReplacing(true)}>{t('meterReplace.new')}</Button>
        </HasPermi>
      </ListHeader>
      <FilterBar testId="meter-replace-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('meterReplace.meterNo')}
          value={filters.meterNo}
          maxLength={32}
          onChange={(e) => setFilter('meterNo', e.currentTarget.value)}
        />
        <TextInput
          label={t('meterReplace.fromDay')}
          type="date"
          value={filters.fromDay}
          onChange={(e) => setFilter('fromDay', e.currentTarget.value)}
        />
        <TextInput
          label={t('meterReplace.toDay')}
          type="date"
          value={filters.toDay}
          onChange={(e) => setFilter('toDay', e.currentTarget.value)}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={isFiltered(meterReplaceFilter(query)) ? t('meterReplace.empty') : t('meterReplace.none')}
        testId="meter-replace-table"
        sortable={METER_REPLACEMENT_SORT_COLUMNS}
        sort={list.sort}
        onSort={list.setSort}
        cellStyle={figureColumns('recentReading', 'newInitialReading')}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('meterReplace.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {replacing && (
        <MeterReplaceForm
          onClose={() => setReplacing(false)}
          onSaved={() => {
            setReplacing(false);
            load();
          }}
        />
      )}
    </Card>
  );
}
