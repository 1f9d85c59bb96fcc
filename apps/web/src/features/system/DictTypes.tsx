import { type DictTypeView, dictTypeBodySchema, updateDictTypeBodySchema } from '@hydrolog/schemas';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { figureColumns, ListPager, ListTable, RowAction } from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import type { PageQuery } from '../../lib/listQuery.ts';
import { createDictType, deleteDictType, listDictTypes, updateDictType } from './api/admin.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, DictTypeView>();
const FIRST_PAGE: PageQuery = { pageNum: 1, pageSize: 10 };

/** The dictionary types: name, key, status; each opens its entries at /dict/type/data/{dictId}. */
export function DictTypes({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(FIRST_PAGE);
  const [data, setData] = useState<{ total: number; rows: DictTypeView[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<DictTypeView | 'new' | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    listDictTypes(page)
      .then(setData, () => setData((d) => d ?? { total: 0, rows: [] }))
      .finally(() => setLoading(false));
  }, [page]);
  useEffect(load, [load]);

  async function remove(type: DictTypeView) {
    const done = await confirmAndRun(
      {
        title: t('dictTypes.removeTitle'),
        message: t('dictTypes.removeConfirm', { name: type.dictName }),
        confirm: t('actions.remove'),
      },
      () => deleteDictType(type.dictId),
      t('dictTypes.removed', { name: type.dictName }),
    );
    if (done) load();
  }

  const columns = column.columns([
    column.accessor('dictId', { header: () => t('dictTypes.dictId') }),
    column.accessor('dictName', { header: () => t('dictTypes.dictName') }),
    column.accessor('dictType', {
      header: () => t('dictTypes.dictType'),
      cell: (c) => (
        <Anchor component={Link} to={`/dict/type/data/${c.row.original.dictId}`} onClick={onClose}>
          {c.getValue()}
        </Anchor>
      ),
    }),
    column.accessor('dataCount', { header: () => t('dictTypes.dataCount') }),
    column.accessor('status', {
      header: () => t('dictTypes.status'),
      cell: (c) => (
        <Badge color={c.getValue() === '0' ? 'green' : 'gray'} variant="light">
          {t(`dicts.statuses.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => t('dictTypes.actions'),
      cell: (c) => (
        <Group gap={4} wrap="nowrap">
          <HasPermi value={['system:dict:edit']}>
            <RowAction
              label={t('actions.edit')}
              ariaLabel={t('dictTypes.editOf', { name: c.row.original.dictName })}
              icon="edit"
              onClick={() => setEditing(c.row.original)}
            />
          </HasPermi>
          {c.row.original.dataCount === 0 && (
            <HasPermi value={['system:dict:remove']}>
              <RowAction
                label={t('actions.remove')}
                ariaLabel={t('dictTypes.removeOf', { name: c.row.original.dictName })}
                icon="trash"
                color="red"
                onClick={() => void remove(c.row.original)}
              />
            </HasPermi>
          )}
        </Group>
      ),
    }),
  ]);
  const table = useTable({
    features,
    columns,
    data: data?.rows ?? [],
    getRowId: (row) => String(row.dictId),
  });

  return (
    <Modal opened onClose={onClose} title={t('dictTypes.title')} size="xl">
      <Group justify="flex-end" mb="sm">
        <HasPermi value={['system:dict:add']}>
          <Button onClick={() => setEditing('new')}>{t('dictTypes.new')}</Button>
        </HasPermi>
      </Group>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={t('dictTypes.empty')}
        testId="dict-types-table"
        cellStyle={figureColumns('dictId', 'dataCount')}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('dictTypes.total', { count: data?.total ?? 0 })}
        page={page}
        onChange={setPage}
      />
      {editing && (
        <DictTypeForm
          type={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
    </Modal>
  );
}

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
    const saved = await form.submit(async (data) => {
      if (type) await updateDictType(data as Parameters<typeof updateDictType>[0]);
      else await createDictType(data as Parameters<typeof createDictType>[0]);
    });
    if (!saved) return;
    notifications.show({ color: 'green', message: t('dictTypes.saved') });
    onSaved();
  }
  return (
    <Modal opened onClose={onClose} title={t(type ? 'dictTypes.edit' : 'dictTypes.new')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
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
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('dictTypes.status')}
            </Text>
            <SegmentedControl
              aria-label={t('dictTypes.status')}
              data={(['0', '1'] as const).map((s) => ({ value: s, label: t(`dicts.statuses.${s}`) }))}
              value={form.values.status}
              onChange={(value) => form.set('status', value === '1' ? '1' : '0')}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
          <Textarea
            label={t('dictTypes.remark')}
            autosize
            minRows={2}
            value={form.values.remark}
            onChange={(e) => form.set('remark', e.currentTarget.value)}
            error={form.errors.remark}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
