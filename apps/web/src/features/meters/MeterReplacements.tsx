import {
  METER_REPLACEMENT_SORT_COLUMNS,
  type MeterReplaceBody,
  type MeterReplacementView,
  meterReplaceBodySchema,
} from '@hydrolog/schemas';
import { NumberInput, Textarea, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { defineListScreen, listColumns, TextFilter } from '../../components/ListScreen.tsx';
import { figureColumns } from '../../components/ListTable.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { pageParams, sortParams } from '../../lib/listQuery.ts';
import { exportMeterReplacements, listMeterReplacements, replaceMeter } from './api/meterReplacements.ts';
import { meterReplaceFilter, meterReplaceFilters } from './meterReplaceQuery.ts';

/** The route of this page (menu catalogue component 'business/meterReplace/index'). */
export const METER_REPLACE_PATH = '/meter/replace';

const column = listColumns<MeterReplacementView>();
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
    <FormDialog
      title={t('meterReplace.new')}
      testId="meter-replace-form"
      busy={form.busy}
      submitLabel={t('meterReplace.replace')}
      onClose={onClose}
      onSubmit={submit}
    >
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
      <Textarea label={t('meterReplace.reason')} withAsterisk maxLength={100} {...form.text('reason')} />
    </FormDialog>
  );
}

/** Meters / Meter replacement: the swaps made (the account moves to the new meter) and a form for a new one. */
export const MeterReplacements = defineListScreen({
  path: METER_REPLACE_PATH,
  testId: 'meter-replace',
  texts: { title: 'meterReplace.title', empty: 'meterReplace.empty', total: 'meterReplace.total' },
  filters: meterReplaceFilters,
  sortable: METER_REPLACEMENT_SORT_COLUMNS,
  fetch: (query) => listMeterReplacements({ ...pageParams(query), ...meterReplaceFilter(query) }),
  rowId: (row) => row.replacementId,
  firstUse: ({ t }) => t('meterReplace.none'),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="meterNo" label={t('meterReplace.meterNo')} maxLength={32} />
      <TextFilter bar={bar} name="fromDay" label={t('meterReplace.fromDay')} date />
      <TextFilter bar={bar} name="toDay" label={t('meterReplace.toDay')} date />
    </>
  ),
  columns: ({ t }) => [
    column.accessor('oldMeterNo', { header: t('meterReplace.oldMeterNo') }),
    column.accessor('newMeterNo', { header: t('meterReplace.newMeterNo') }),
    column.accessor('accountNo', { header: t('meterReplace.accountNo'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('lastReadTime', {
      header: t('meterReplace.lastReadTime'),
      cell: (c) => dateTime(c.getValue()),
    }),
    column.accessor('recentReading', { header: t('meterReplace.recentReading') }),
    column.accessor('newInitialReading', { header: t('meterReplace.newInitialReading') }),
    column.accessor('reason', { header: t('meterReplace.reason') }),
    column.accessor('operator', { header: t('meterReplace.operator'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('replacedAt', {
      header: t('meterReplace.replacedAt'),
      cell: (c) => dateTime(c.getValue()),
    }),
  ],
  create: ({ t }) => ({ label: t('meterReplace.new'), permission: ['business:meterReplace:add'] }),
  export: {
    permission: 'business:meterReplace:export',
    run: (query) => exportMeterReplacements({ ...meterReplaceFilter(query), ...sortParams(query) }),
  },
  cellStyle: figureColumns('recentReading', 'newInitialReading'),
  form: ({ close, saved }) => <MeterReplaceForm onClose={close} onSaved={saved} />,
});
