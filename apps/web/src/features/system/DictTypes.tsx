import { type DictTypeView, dictTypeBodySchema, updateDictTypeBodySchema } from '@hydrolog/schemas';
import { Anchor, Modal, Textarea, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../components/FormDialog.tsx';
import { defineListScreen, editRowOf, listColumns, removalTexts } from '../../components/ListScreen.tsx';
import { figureColumns } from '../../components/ListTable.tsx';
import { SegmentedField } from '../../components/SegmentedField.tsx';
import { EnabledBadge } from '../../components/TableCells.tsx';
import { createOrUpdate, useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { createDictType, deleteDictType, listDictTypes, updateDictType } from './api/admin.ts';

const column = listColumns<DictTypeView>();

/** The dictionary types: name, key, status; each opens its entries at /dict/type/data/{dictId}. */
export function DictTypes({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('dictTypes.title')} size="xl">
      <TypeList onClose={onClose} />
    </Modal>
  );
}

const TypeList = defineListScreen({
  bare: true,
  testId: 'dict-types',
  texts: { empty: 'dictTypes.empty', total: 'dictTypes.total', actions: 'dictTypes.actions' },
  filters: z.object({}),
  fetch: ({ pageNum, pageSize }, _props: { onClose(): void }) => listDictTypes({ pageNum, pageSize }),
  rowId: (row) => String(row.dictId),
  columnChoice: false,
  columns: ({ t, props }) => [
    column.accessor('dictId', { header: () => t('dictTypes.dictId') }),
    column.accessor('dictName', { header: () => t('dictTypes.dictName') }),
    column.accessor('dictType', {
      header: () => t('dictTypes.dictType'),
      cell: (c) => (
        <Anchor component={Link} to={`/dict/type/data/${c.row.original.dictId}`} onClick={props.onClose}>
          {c.getValue()}
        </Anchor>
      ),
    }),
    column.accessor('dataCount', { header: () => t('dictTypes.dataCount') }),
    column.accessor('status', {
      header: () => t('dictTypes.status'),
      cell: (c) => <EnabledBadge status={c.getValue()} label={t(`dicts.statuses.${c.getValue()}`)} />,
    }),
  ],
  editRow: editRowOf<DictTypeView>('dictTypes', 'system:dict:edit', (type) => type.dictName),
  // A dictionary with entries stays.
  remove: ({ t }) => ({
    permission: ['system:dict:remove'],
    allowed: (type) => type.dataCount === 0,
    ...removalTexts<DictTypeView>(t, 'dictTypes', (type) => ({ name: type.dictName })),
    run: ([type]) => (type ? deleteDictType(type.dictId) : Promise.resolve()),
  }),
  create: ({ t }) => ({ label: t('dictTypes.new'), permission: ['system:dict:add'] }),
  cellStyle: figureColumns('dictId', 'dataCount'),
  form: ({ row, close, saved }) => <DictTypeForm type={row} onClose={close} onSaved={saved} />,
});

interface Values extends Record<string, unknown> {
  dictId?: number;
  dictName: string;
  dictType: string;
  status: '0' | '1';
  remark: string;
}

function DictTypeForm({
  type,
  onClose,
  onSaved,
}: {
  type: DictTypeView | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, unknown>(type ? updateDictTypeBodySchema : dictTypeBodySchema, {
    dictId: type?.dictId,
    dictName: type?.dictName ?? '',
    dictType: type?.dictType ?? '',
    status: type?.status ?? '0',
    remark: type?.remark ?? '',
  });
  async function submit() {
    await form.save(createOrUpdate(type, updateDictType, createDictType), t('dictTypes.saved'), onSaved);
  }
  return (
    <FormDialog
      title={t(type ? 'dictTypes.edit' : 'dictTypes.new')}
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput
        label={t('dictTypes.dictName')}
        withAsterisk
        data-autofocus
        autoComplete="off"
        {...form.text('dictName')}
      />
      <TextInput
        label={t('dictTypes.dictType')}
        description={type && type.dataCount > 0 ? t('dictTypes.keyFixed') : undefined}
        disabled={!!type && type.dataCount > 0}
        withAsterisk
        autoComplete="off"
        {...form.text('dictType')}
      />
      <SegmentedField
        label={t('dictTypes.status')}
        options={(['0', '1'] as const).map((s) => ({ value: s, label: t(`dicts.statuses.${s}`) }))}
        value={form.values.status}
        onChange={(value) => form.set('status', value)}
      />
      <Textarea label={t('dictTypes.remark')} autosize minRows={2} {...form.text('remark')} />
    </FormDialog>
  );
}
