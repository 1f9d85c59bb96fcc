import type { NoticeView } from '@hydrolog/schemas';
import { Badge, Button, Card, Group, Select, TextInput, Title } from '@mantine/core';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FilterBar,
  ListPager,
  ListTable,
  RowAction,
  selectableFeatures,
  selectionColumn,
} from '../../components/ListTable.tsx';
import { HasPermi, useHasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { deleteNotices, listNotices, publishNotice, withdrawNotice } from './api/admin.ts';
import { NoticeForm } from './NoticeForm.tsx';
import {
  EMPTY_NOTICE_FILTERS,
  NOTICE_STATUSES,
  NOTICE_TYPES,
  type NoticeQuery,
  noticeListQuery,
  parseNoticeQuery,
} from './noticeQuery.ts';

/** The route of this page (menu catalogue component 'system/notice/index'). */
export const NOTICES_PATH = '/system/notice';

const fetchNotices = (query: NoticeQuery) => listNotices(noticeListQuery(query));
const column = createColumnHelper<typeof selectableFeatures, NoticeView>();
const NO_ROWS: NoticeView[] = [];
const STATUS_COLORS = { draft: 'gray', published: 'green', withdrawn: 'orange' } as const;

/** System / Notices: write notices, publish them to every user of the tenant, withdraw, delete. */
export function Notices() {
  const { t } = useTranslation();
  const hasPermi = useHasPermi();
  const list = useListPage({
    path: NOTICES_PATH,
    parse: parseNoticeQuery,
    empty: EMPTY_NOTICE_FILTERS,
    fetch: fetchNotices,
  });
  const { query, filters, setFilter, data, loading, selection, setSelection, load, search, reset } = list;
  const [editing, setEditing] = useState<NoticeView | 'new' | null>(null);

  async function remove(notices: NoticeView[]) {
    if (notices.length === 0) return;
    const done = await confirmAndRun(
      {
        title: t('notices.removeTitle'),
        message: t('notices.removeConfirm', { names: notices.map((n) => n.noticeTitle).join(', ') }),
        confirm: t('actions.remove'),
      },
      () => deleteNotices(notices.map((n) => n.noticeId)),
      t('notices.removed', { count: notices.length }),
    );
    if (done) list.removed(notices.length);
  }

  async function publish(notice: NoticeView, action: 'publish' | 'withdraw') {
    const done = await confirmAndRun(
      {
        title: t(`notices.${action}Title`),
        message: t(`notices.${action}Confirm`, { name: notice.noticeTitle }),
        confirm: t(`notices.${action}`),
      },
      () => (action === 'publish' ? publishNotice : withdrawNotice)(notice.noticeId),
      t(`notices.${action}ed`, { name: notice.noticeTitle }),
    );
    if (done) load();
  }

  const canSelect = hasPermi(['system:notice:remove']);
  const columns = column.columns([
    ...(canSelect
      ? [
          selectionColumn<NoticeView>({
            all: t('notices.selectAll'),
            one: (row) => t('notices.select', { name: row.noticeTitle }),
          }),
        ]
      : []),
    column.accessor('noticeTitle', { header: () => t('notices.noticeTitle') }),
    column.accessor('noticeType', {
      header: () => t('notices.noticeType'),
      cell: (c) => (
        <Badge variant="light" color={c.getValue() === '1' ? 'yellow' : 'teal'}>
          {t(`notices.types.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('status', {
      header: () => t('notices.status'),
      cell: (c) => (
        <Badge variant="light" color={STATUS_COLORS[c.getValue()]}>
          {t(`notices.statuses.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('createBy', { header: () => t('notices.createBy') }),
    column.accessor('createTime', {
      header: () => t('notices.createTime'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm'),
    }),
    column.accessor('publishTime', {
      header: () => t('notices.publishTime'),
      cell: (c) => (c.getValue() ? dayjs(c.getValue()).format('YYYY-MM-DD HH:mm') : ''),
    }),
    column.display({
      id: 'actions',
      header: () => t('notices.actions'),
      cell: (c) => {
        const notice = c.row.original;
        const published = notice.status === 'published';
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['system:notice:publish']}>
              <RowAction
                label={t(published ? 'notices.withdraw' : 'notices.publish')}
                ariaLabel={t(published ? 'notices.withdrawOf' : 'notices.publishOf', {
                  name: notice.noticeTitle,
                })}
                icon={published ? 'pause' : 'play'}
                onClick={() => void publish(notice, published ? 'withdraw' : 'publish')}
              />
            </HasPermi>
            {!published && (
              <HasPermi value={['system:notice:edit']}>
                <RowAction
                  label={t('actions.edit')}
                  ariaLabel={t('notices.editOf', { name: notice.noticeTitle })}
                  icon="edit"
                  onClick={() => setEditing(notice)}
                />
              </HasPermi>
            )}
            {!published && (
              <HasPermi value={['system:notice:remove']}>
                <RowAction
                  label={t('actions.remove')}
                  ariaLabel={t('notices.removeOf', { name: notice.noticeTitle })}
                  icon="trash"
                  color="red"
                  onClick={() => void remove([notice])}
                />
              </HasPermi>
            )}
          </Group>
        );
      },
    }),
  ]);
  const table = useTable({
    features: selectableFeatures,
    columns,
    data: data?.rows ?? NO_ROWS,
    getRowId: (row) => row.noticeId,
    enableRowSelection: (row) => canSelect && row.original.status !== 'published',
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
  });
  const selected = (data?.rows ?? NO_ROWS).filter((row) => selection[row.noticeId]);

  return (
    <Card withBorder data-testid="notices-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('notices.title')}</Title>
        <Group gap="xs">
          <HasPermi value={['system:notice:remove']}>
            <Button
              color="red"
              variant="light"
              disabled={selected.length === 0}
              onClick={() => void remove(selected)}
            >
              {t('notices.removeSelected', { count: selected.length })}
            </Button>
          </HasPermi>
          <HasPermi value={['system:notice:add']}>
            <Button onClick={() => setEditing('new')}>{t('notices.new')}</Button>
          </HasPermi>
        </Group>
      </Group>
      <FilterBar testId="notices-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('notices.noticeTitle')}
          value={filters.noticeTitle}
          maxLength={50}
          onChange={(e) => setFilter('noticeTitle', e.currentTarget.value)}
        />
        <Select
          label={t('notices.noticeType')}
          w={160}
          placeholder={t('notices.allTypes')}
          clearable
          data={NOTICE_TYPES.map((v) => ({ value: v, label: t(`notices.types.${v}`) }))}
          value={filters.noticeType || null}
          onChange={(value) => setFilter('noticeType', NOTICE_TYPES.find((v) => v === value) ?? '')}
        />
        <Select
          label={t('notices.status')}
          w={160}
          placeholder={t('notices.allStatuses')}
          clearable
          data={NOTICE_STATUSES.map((v) => ({ value: v, label: t(`notices.statuses.${v}`) }))}
          value={filters.status || null}
          onChange={(value) => setFilter('status', NOTICE_STATUSES.find((v) => v === value) ?? '')}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={t('notices.empty')}
        testId="notices-table"
        selection={selection}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('notices.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {editing && (
        <NoticeForm
          notice={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
    </Card>
  );
}
