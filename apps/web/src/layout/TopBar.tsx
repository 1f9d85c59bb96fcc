import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Breadcrumbs,
  Burger,
  Group,
  Menu,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon.tsx';
import { LanguageSelect } from '../components/LanguageSelect.tsx';
import { NotificationBell } from '../features/operations/index.ts';
import { confirmDialog } from '../lib/dialogs.ts';
import { logout, session } from '../store/session.ts';
import { breadcrumbs } from './menu.ts';
import { SettingsDrawer } from './SettingsDrawer.tsx';
import { viewChain } from './views.ts';

/** User type of trial tenants (spec section 1). */
const TRIAL_USER_TYPE = '02';

function Breadcrumb() {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (l) => l.pathname });
  const { routes } = session.use();
  const crumbs = breadcrumbs(viewChain(pathname, routes, t), t('nav.home'));
  return (
    <Breadcrumbs aria-label={t('shell.breadcrumb')} data-testid="breadcrumb" visibleFrom="xs">
      {crumbs.map((c) =>
        c.link ? (
          <Anchor key={c.path} component={Link} to={c.path} size="sm">
            {c.title}
          </Anchor>
        ) : (
          <Text key={c.path} size="sm" c="dimmed">
            {c.title}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}

function UserMenu({ onSettings }: { onSettings(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { info } = session.use();

  async function signOut() {
    const sure = await confirmDialog({
      title: t('session.logoutTitle'),
      message: t('session.logoutConfirm'),
      confirm: t('nav.logout'),
    });
    if (!sure) return;
    await logout();
    await navigate({ href: '/' });
  }

  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <UnstyledButton aria-label={t('shell.userMenu')} data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar src={info?.user.avatar || null} size={30} radius="xl" color="brand">
              {info?.user.nickName.slice(0, 1)}
            </Avatar>
            <Text size="sm" visibleFrom="sm">
              {info?.user.nickName}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<Icon name="user" size={16} />}
          onClick={() => void navigate({ href: '/user/profile' })}
        >
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item leftSection={<Icon name="sliders" size={16} />} onClick={onSettings}>
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<Icon name="logout" size={16} />} color="red" onClick={() => void signOut()}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Spec section 2 top bar: hamburger, breadcrumb, trial counter, language, bell, settings, user menu. */
export function TopBar({
  sidebarOpened,
  onToggleSidebar,
}: {
  sidebarOpened: boolean;
  onToggleSidebar(): void;
}) {
  const { t } = useTranslation();
  const { info } = session.use();
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <Group
      h={50}
      px="sm"
      justify="space-between"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={sidebarOpened}
          onClick={onToggleSidebar}
          size="sm"
          aria-label={t('shell.toggleSidebar')}
        />
        <Breadcrumb />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {info?.userType === TRIAL_USER_TYPE && (
          <Badge color="orange" variant="light" data-testid="trial-counter">
            {t('shell.trialDaysLeft', { count: info.tenant.trialDaysLeft ?? 0 })}
          </Badge>
        )}
        <LanguageSelect w={150} />
        <NotificationBell />
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('nav.settings')}
          onClick={() => setSettingsOpen(true)}
        >
          <Icon name="sliders" />
        </ActionIcon>
        <UserMenu onSettings={() => setSettingsOpen(true)} />
      </Group>
      <SettingsDrawer opened={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Group>
  );
}
