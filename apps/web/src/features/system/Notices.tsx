import type { NoticeView } from '@hydrolog/schemas';
import { Badge } from '@mantine/core';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import {
  defineListScreen,
  editRowOf,
  listColumns,
  listTexts,
  OptionFilter,
  StatusFilter,
  selectedRemovalTexts,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { apiListQuery } from '../../lib/listQuery.ts';
import { deleteNotices, listNotices, publishNotice, withdrawNotice } from './api/admin.ts';
import { NoticeForm } from './NoticeForm.tsx';
import { NOTICE_STATUSES, NOTICE_TYPES, noticeFilters } from './noticeQuery.ts';

/** The route of this page (menu catalogue component 'system/notice/index'). */
export const NOTICES_PATH = '/system/notice';

const column = listColumns<NoticeView>();
const STATUS_COLORS = { draft: 'gray', published: 'green', withdrawn: 'orange' } as const;

function publish(t: TFunction, notice: NoticeView, action: 'publish' | 'withdraw') {
  return confirmAndRun(
    {
      title: t(`notices.${action}Title`),
      message: t(`notices.${action}Confirm`, { name: notice.noticeTitle }),
      confirm: t(`notices.${action}`),
    },
    () => (action === 'publish' ? publishNotice : withdrawNotice)(notice.noticeId),
    t(`notices.${action}ed`, { name: notice.noticeTitle }),
  );
}

/** System / Notices: write notices, publish them to every user of the tenant, withdraw, delete. */
export const Notices = defineListScreen({
  path: NOTICES_PATH,
  testId: 'notices',
  texts: listTexts('notices'),
  filters: noticeFilters,
  fetch: (query) => listNotices(apiListQuery(query)),
  rowId: (row) => row.noticeId,
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="noticeTitle" label={t('notices.noticeTitle')} maxLength={50} />
      <OptionFilter
        bar={bar}
        name="noticeType"
        label={t('notices.noticeType')}
        placeholder={t('notices.allTypes')}
        options={NOTICE_TYPES.map((v) => ({ value: v, label: t(`notices.types.${v}`) }))}
      />
      <StatusFilter bar={bar} group="notices" statuses={NOTICE_STATUSES} />
    </>
  ),
  columns: ({ t }) => [
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
        <Badge variant="light" color={STATUS_COLORS[c.getValue() as NoticeView['status']]}>
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
  ],
  selectLabels: ({ t }) => ({
    all: t('notices.selectAll'),
    one: (row) => t('notices.select', { name: row.noticeTitle }),
  }),
  // A published notice is withdrawn before it changes or goes.
  editRow: editRowOf<NoticeView>(
    'notices',
    'system:notice:edit',
    (notice) => notice.noticeTitle,
    (notice) => notice.status !== 'published',
  ),
  rowActions: (notice, { t, list }) => {
    const published = notice.status === 'published';
    return [
      {
        label: t(published ? 'notices.withdraw' : 'notices.publish'),
        ariaLabel: t(published ? 'notices.withdrawOf' : 'notices.publishOf', { name: notice.noticeTitle }),
        icon: published ? 'pause' : 'play',
        permission: ['system:notice:publish'],
        onClick: async () => {
          if (await publish(t, notice, published ? 'withdraw' : 'publish')) list.load();
        },
      },
    ];
  },
  remove: ({ t }) => ({
    permission: ['system:notice:remove'],
    allowed: (notice) => notice.status !== 'published',
    ...selectedRemovalTexts<NoticeView>(t, 'notices', (notice) => notice.noticeTitle),
    run: (notices) => deleteNotices(notices.map((n) => n.noticeId)),
  }),
  create: ({ t }) => ({ label: t('notices.new'), permission: ['system:notice:add'] }),
  form: ({ row, close, saved }) => <NoticeForm notice={row} onClose={close} onSaved={saved} />,
});
