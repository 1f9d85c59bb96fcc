import type { ManualReadingView } from '@hydrolog/schemas';
import { Anchor } from '@mantine/core';
import dayjs from 'dayjs';
import { z } from 'zod';
import { defineListScreen, listColumns, TextFilter } from '../../components/ListScreen.tsx';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { listManualReadings } from './api/manual-readings.ts';
import { ManualReadingForm } from './ManualReadingForm.tsx';
import { ManualReadingImport } from './ManualReadingImport.tsx';

const column = listColumns<ManualReadingView>();
const filters = z.object({ meterNo: filterField.text(50) });
const time = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm');

/** The route of this page (menu catalogue component 'readMeter/manual/index'). */
export const MANUAL_READINGS_PATH = '/readMeter/manual';

/**
 * Meter reading / Manual reading: the counters entered by hand, the latest first, and the form that enters
 * one (a reading of the meter like a gateway's: its history, volumes and bills use it).
 */
export const ManualReadings = defineListScreen({
  path: MANUAL_READINGS_PATH,
  testId: 'manual-readings',
  texts: { title: 'manualReading.title', empty: 'manualReading.empty', total: 'manualReading.total_other' },
  filters,
  fetch: (query) => listManualReadings({ ...pageParams(query), meterNo: query.meterNo || undefined }),
  rowId: (row) => row.readingId,
  filterBar: (bar, { t }) => (
    <TextFilter bar={bar} name="meterNo" label={t('manualReading.meterNo')} maxLength={50} />
  ),
  columns: ({ t }) => [
    column.accessor('meterNo', { header: t('manualReading.meterNo') }),
    column.accessor('total', { header: t('manualReading.total') }),
    column.accessor('readAt', { header: t('manualReading.readAt'), cell: (c) => time(c.getValue()) }),
    column.accessor('reset', {
      header: t('manualReading.reset'),
      cell: (c) => (c.getValue() ? t('manualReading.yes') : ''),
    }),
    column.accessor('photoUrl', {
      header: t('manualReading.photo'),
      cell: (c) => {
        const url = c.getValue();
        return (
          url && (
            <Anchor href={url} target="_blank" rel="noreferrer">
              {t('manualReading.photo')}
            </Anchor>
          )
        );
      },
    }),
    column.accessor('remark', { header: t('manualReading.remark') }),
    column.accessor('createBy', { header: t('manualReading.createBy') }),
    column.accessor('createTime', { header: t('manualReading.createTime'), cell: (c) => time(c.getValue()) }),
  ],
  above: ({ list }) => <ManualReadingImport onImported={list.load} />,
  minWidth: 800,
  create: ({ t }) => ({ label: t('manualReading.new'), permission: ['readMeter:manual:add'] }),
  form: ({ close, saved }) => <ManualReadingForm onClose={close} onSaved={saved} />,
});
