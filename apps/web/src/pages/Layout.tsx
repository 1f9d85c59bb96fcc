import { LANGUAGES, type Language } from '@hydrolog/schemas';
import { AppShell, Group, NavLink, Select, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGE_NAMES, takeLanguageChanged } from '../i18n/index.ts';

/** The frame of every page: header with the language selector, navigation on the side. */
export function Layout() {
  const { t } = useTranslation();
  const path = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    if (takeLanguageChanged()) notifications.show({ color: 'green', message: t('language.changed') });
  }, [t]);
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm' }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={3} c="blue.6">
            {t('app.name')}
          </Title>
          <Select
            aria-label={t('language.label')}
            data-testid="language"
            w={190}
            allowDeselect={false}
            value={currentLanguage()}
            data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            onChange={(value) => value && value !== currentLanguage() && changeLanguage(value as Language)}
          />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <NavLink component={Link} to="/index" label={t('nav.home')} active={path === '/index'} />
        <NavLink
          component={Link}
          to="/system/tenant"
          label={t('nav.tenants')}
          active={path === '/system/tenant'}
        />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
