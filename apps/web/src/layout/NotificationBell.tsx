import { ActionIcon, EmptyState, Indicator, Popover, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon.tsx';

/** Spec section 9: the badge is capped at 99. */
const BADGE_CAP = 99;
/** Tabs by alarm type: all (-1), meter alarms (0), system alarms (1). */
const TABS = [
  { value: '-1', label: 'bell.all' },
  { value: '0', label: 'bell.meter' },
  { value: '1', label: 'bell.system' },
] as const;

/**
 * The notification bell: badge hidden at 0. The alarm list and its 60 s polling arrive with the alarm
 * module; until then every tab has no item.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = 0;
  return (
    <Popover width={360} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Indicator label={unread} maxValue={BADGE_CAP} showZero={false} size={16} offset={4}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('bell.label')} data-testid="bell">
            <Icon name="bell" />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Tabs defaultValue="-1">
          <Tabs.List grow>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {t(tab.label)} (0)
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value} py="md">
              <EmptyState
                size="sm"
                icon={<Icon name="bell" />}
                title={t('bell.empty')}
                description={t('bell.hint')}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Popover.Dropdown>
    </Popover>
  );
}
