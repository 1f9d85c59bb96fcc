import type { NoticeReading } from '@hydrolog/schemas';
import {
  Badge,
  Card,
  Group,
  Indicator,
  Modal,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../components/ListTable.tsx';
import { useListState } from '../../hooks/useListState.ts';
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

/**
 * Messages / Notice centre: the tenant's published notices, each marked read once its reader opens it. A
 * list of cards rather than a table, on the state every list screen keeps (the tab is its filter).
 */
export function NoticeCenter() {
  const { t } = useTranslation();
  const list = useListState({ path: NOTICE_CENTER_PATH, filters: centreFilters, fetch: fetchCentre });
  const { query, data, loading, load } = list;
  const [open, setOpen] = useState<NoticeReading | null>(null);

  function show(notice: NoticeReading) {
    setOpen(notice);
    if (!notice.read) markNoticeRead(notice.noticeId).then(load, () => undefined);
  }
  const selectTab = (tab: CentreTab) => list.filterBy({ tab });

  return (
    <Card withBorder data-testid="notice-center-page">
      <Title order={4} mb="md">
        {t('noticeCenter.title')}
      </Title>
      <Tabs value={query.tab} onChange={(value) => selectTab(CENTRE_TABS.find((c) => c === value) ?? 'all')}>
        <Tabs.List mb="md">
          {CENTRE_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`noticeCenter.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {data === null && loading ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : (data?.rows.length ?? 0) === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="notice-center-empty">
          {t(query.tab === 'meter' ? 'noticeCenter.noMeterAlarms' : 'noticeCenter.empty')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="notice-center-list">
          {data?.rows.map((notice) => (
            <UnstyledButton
              key={notice.noticeId}
              onClick={() => show(notice)}
              aria-label={notice.noticeTitle}
            >
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
                    {notice.read ? t('noticeCenter.read') : t('noticeCenter.unread')} ·{' '}
                    {dayjs(notice.publishTime).format('YYYY-MM-DD HH:mm')}
                  </Text>
                </Group>
              </Paper>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('noticeCenter.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {open && (
        <Modal opened onClose={() => setOpen(null)} title={open.noticeTitle} size="lg">
          <Text size="sm" c="dimmed" mb="sm">
            {open.createBy} · {dayjs(open.publishTime).format('YYYY-MM-DD HH:mm')}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="notice-content">
            {open.noticeContent}
          </Text>
        </Modal>
      )}
    </Card>
  );
}
