import type { NoticeReading } from '@hydrolog/schemas';
import { Badge, Group, Indicator, Modal, Paper, Tabs, Text, UnstyledButton } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defineListScreen } from '../../components/ListScreen.tsx';
import { markNoticeRead, noticeCentre } from './api/admin.ts';
import { CENTRE_TABS, type CentreTab, centreFilters } from './noticeQuery.ts';

/** The route of this page (menu catalogue component 'system/notice/center'). */
export const NOTICE_CENTER_PATH = '/message/noticeCenter';

/** Meter alarms come with the alarm screens; until then that tab has nothing to list. */
const fetchCentre = async ({
  tab,
  pageNum,
  pageSize,
}: {
  tab: CentreTab;
  pageNum: number;
  pageSize: number;
}) =>
  tab === 'meter'
    ? { total: 0, rows: [] as NoticeReading[], unread: 0 }
    : noticeCentre({ pageNum, pageSize });

const publishedAt = (notice: NoticeReading) => dayjs(notice.publishTime).format('YYYY-MM-DD HH:mm');

/**
 * Messages / Notice centre: the tenant's published notices as a feed of cards (the tab is its filter), each
 * marked read once its reader opens it.
 */
export const NoticeCenter = defineListScreen({
  path: NOTICE_CENTER_PATH,
  testId: 'notice-center',
  tableTestId: 'notice-center-list',
  texts: { title: 'noticeCenter.title', empty: 'noticeCenter.empty', total: 'noticeCenter.total' },
  filters: centreFilters,
  fetch: fetchCentre,
  rowId: (notice) => notice.noticeId,
  empty: ({ t, list }) => t(list.query.tab === 'meter' ? 'noticeCenter.noMeterAlarms' : 'noticeCenter.empty'),
  usePage: () => {
    const [open, setOpen] = useState<NoticeReading | null>(null);
    return { open, setOpen };
  },
  above: ({ t, list }) => (
    <Tabs
      value={list.query.tab}
      onChange={(value) => list.filterBy({ tab: CENTRE_TABS.find((tab) => tab === value) ?? 'all' })}
    >
      <Tabs.List mb="md">
        {CENTRE_TABS.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {t(`noticeCenter.tabs.${tab}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  ),
  card: (notice, { page, list }) => (
    <NoticeCard
      notice={notice}
      onOpen={() => {
        page.setOpen(notice);
        if (!notice.read) markNoticeRead(notice.noticeId).then(list.load, () => undefined);
      }}
    />
  ),
  dialogs: ({ page: { open, setOpen } }) =>
    open && (
      <Modal opened onClose={() => setOpen(null)} title={open.noticeTitle} size="lg">
        <Text size="sm" c="dimmed" mb="sm">
          {open.createBy} · {publishedAt(open)}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="notice-content">
          {open.noticeContent}
        </Text>
      </Modal>
    ),
});

/** A notice of the feed: its title (bold with a red dot while unread), its type, read or not and when. */
function NoticeCard({ notice, onOpen }: { notice: NoticeReading; onOpen(): void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton onClick={onOpen} aria-label={notice.noticeTitle}>
      <Paper withBorder p="sm" data-read={notice.read}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Indicator disabled={notice.read} color="red" size={8} position="middle-start">
              <Text fw={notice.read ? 400 : 600} pl="md">
                {notice.noticeTitle}
              </Text>
            </Indicator>
            <Badge variant="light" color={notice.noticeType === '1' ? 'yellow' : 'teal'}>
              {t(`notices.types.${notice.noticeType}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {notice.read ? t('noticeCenter.read') : t('noticeCenter.unread')} · {publishedAt(notice)}
          </Text>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
