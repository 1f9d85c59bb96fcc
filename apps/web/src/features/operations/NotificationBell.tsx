import {
  type AlarmType,
  NOTICE_BADGE_CAP,
  NOTICE_POLL_MS,
  type Notice,
  type NoticeList,
} from '@hydrolog/schemas';
import {
  ActionIcon,
  Button,
  EmptyState,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { AlarmDetail } from './AlarmDetail.tsx';
import { useAlarmKinds } from './alarmKinds.ts';
import { cleanNotices, listNotices, viewNotice } from './api/operations.ts';

/** Where "view all" goes: the alarm records (spec section 2). */
export const ALARM_RECORDS_PATH = '/alarm/alarm';

/** Tabs by alarm type: all (-1), meter alarms (0), system alarms (1); each clears its own types. */
const TABS = [
  { value: '-1', label: 'bell.all', list: 'allAlarmList', count: 'allAlarmCount', types: [0, 1] },
  { value: '0', label: 'bell.meter', list: 'meterAlarmList', count: 'meterAlarmCount', types: [0] },
  { value: '1', label: 'bell.system', list: 'systemAlarmList', count: 'systemAlarmCount', types: [1] },
] as const satisfies readonly {
  value: string;
  label: string;
  list: keyof NoticeList;
  count: keyof NoticeList;
  types: AlarmType[];
}[];
type TabValue = (typeof TABS)[number]['value'];

const EMPTY: NoticeList = {
  allAlarmList: [],
  meterAlarmList: [],
  systemAlarmList: [],
  allAlarmCount: 0,
  meterAlarmCount: 0,
  systemAlarmCount: 0,
};

/**
 * The notification bell (spec sections 2 and 9): the alarms the user is notified of, asked every 60 s; the
 * badge is hidden at 0 and capped at 99. Three tabs with their counts; an item shows its type's icon, the
 * event's label, its time to the minute and the meter; read items are dimmed. Clicking one marks it read
 * and opens the alarm; "clear all" clears the current tab, "view all" opens the alarm records.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kinds = useAlarmKinds();
  const [notices, setNotices] = useState<NoticeList>(EMPTY);
  const [tab, setTab] = useState<TabValue>('-1');
  const [opened, setOpened] = useState(false);
  const [detail, setDetail] = useState<string | null>(null);

  const load = useCallback(() => {
    listNotices().then(setNotices, () => undefined);
  }, []);
  useEffect(() => {
    load();
    const timer = setInterval(load, NOTICE_POLL_MS);
    return () => clearInterval(timer);
  }, [load]);

  const current = TABS.find((x) => x.value === tab)!;
  const open = async (notice: Notice) => {
    setOpened(false);
    setDetail(notice.alarmProcessedId);
    if (notice.noticeStatus !== 1) {
      await viewNotice(notice.alarmProcessedId).catch(() => undefined);
      load();
    }
  };
  const clear = async () => {
    await cleanNotices([...current.types]).catch(() => undefined);
    load();
  };

  return (
    <>
      <Popover width={380} position="bottom-end" shadow="md" withArrow opened={opened} onChange={setOpened}>
        <Popover.Target>
          <Indicator
            label={notices.allAlarmCount > NOTICE_BADGE_CAP ? `${NOTICE_BADGE_CAP}+` : notices.allAlarmCount}
            disabled={notices.allAlarmCount === 0}
            size={16}
            offset={4}
            color="red"
            data-testid="bell-badge"
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('bell.label')}
              data-testid="bell"
              onClick={() => setOpened((o) => !o)}
            >
              <Icon name="bell" />
            </ActionIcon>
          </Indicator>
        </Popover.Target>
        <Popover.Dropdown data-testid="bell-dropdown">
          <Tabs value={tab} onChange={(value) => value && setTab(value as TabValue)}>
            <Tabs.List grow>
              {TABS.map((x) => (
                <Tabs.Tab key={x.value} value={x.value}>
                  {t(x.label)} ({notices[x.count]})
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          {notices[current.list].length === 0 ? (
            <EmptyState
              size="sm"
              py="md"
              icon={<Icon name="bell" />}
              title={t('bell.empty')}
              description={t('bell.hint')}
            />
          ) : (
            <ScrollArea.Autosize mah={360} py="xs">
              <Stack gap={2}>
                {notices[current.list].map((notice) => (
                  <UnstyledButton
                    key={notice.alarmProcessedId}
                    onClick={() => void open(notice)}
                    data-testid="bell-item"
                    data-read={notice.noticeStatus === 1}
                    p={6}
                    style={{ opacity: notice.noticeStatus === 1 ? 0.5 : 1, borderRadius: 4 }}
                  >
                    <Group gap="sm" wrap="nowrap">
                      <Icon name={notice.alarmType === 0 ? 'gauge' : 'server'} />
                      <div>
                        <Text size="sm" fw={notice.noticeStatus === 1 ? 400 : 600}>
                          {kinds.label(notice.eventType)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {dayjs(notice.createTime).format('YYYY-MM-DD HH:mm')} · {notice.meterNo}
                        </Text>
                      </div>
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          <Group justify="space-between" pt="xs">
            <Button
              variant="subtle"
              size="xs"
              disabled={notices[current.list].length === 0}
              onClick={() => void clear()}
            >
              {t('bell.clearAll')}
            </Button>
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                setOpened(false);
                void navigate({ to: ALARM_RECORDS_PATH });
              }}
            >
              {t('bell.viewAll')}
            </Button>
          </Group>
        </Popover.Dropdown>
      </Popover>
      {detail && <AlarmDetail alarmId={detail} onClose={() => setDetail(null)} onChanged={load} />}
    </>
  );
}
