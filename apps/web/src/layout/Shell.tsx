import { AppShell, Box, Loader, Modal, Overlay, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { Activity, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../features/identity/index.ts';
import { useTokenRefresh } from '../hooks/useTokenRefresh.ts';
import { getCookie, setCookie } from '../lib/cookies.ts';
import { MOBILE_QUERY } from '../lib/mobile.ts';
import { PAGE_BY_PATH } from '../router/pages.tsx';
import { session } from '../store/session.ts';
import { settings } from '../store/settings.ts';
import { tags } from '../store/tags.ts';
import { HOME_PATH, sectionOf } from './menu.ts';
import { Sidebar } from './Sidebar.tsx';
import { TagsView } from './TagsView.tsx';
import { TopBar } from './TopBar.tsx';
import { cachedPaths, HOME_VIEW } from './tagsView.ts';
import { viewChain } from './views.ts';

/** Spec section 9: sidebar width. */
const SIDEBAR_WIDTH = 250;
const SIDEBAR_COOKIE = 'sidebarStatus';

/** The sidebar's open state, remembered in cookie sidebarStatus (1 open, 0 closed); mobile closes it. */
function useSidebar(pathname: string) {
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [opened, setOpened] = useState(() => !mobile && getCookie(SIDEBAR_COOKIE) !== '0');
  const set = (open: boolean) => {
    setCookie(SIDEBAR_COOKIE, open ? '1' : '0');
    setOpened(open);
  };
  // On mobile the sidebar closes when the window is resized to mobile and on every route change.
  useEffect(() => {
    if (mobile) set(false);
  }, [mobile, pathname]);
  return { opened, mobile, toggle: () => set(!opened), close: () => set(false) };
}

/** The second-level strip: the pages of the current directory as horizontal tabs. */
function SectionStrip({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sidebar } = session.use();
  const pages = sectionOf(sidebar, pathname)?.filter((p) => !p.newTab);
  if (!pages || pages.length < 2) return null;
  return (
    <Tabs value={pathname} onChange={(path) => path && void navigate({ href: path })} px="sm">
      <Tabs.List aria-label={t('shell.sections')} data-testid="section-strip">
        {pages.map((p) => (
          <Tabs.Tab key={p.path} value={p.path} title={p.tooltip ?? undefined}>
            {p.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/**
 * The page area. With the tags view on, visited cacheable pages stay mounted (hidden) by path, so a
 * tab keeps its state; a refresh bumps the path's version and mounts it anew.
 */
function Views({ pathname }: { pathname: string }) {
  const { views, versions } = tags.use();
  const { tagsView } = settings.use();
  const { routes } = session.use();
  const cacheable = (path: string) =>
    tagsView && PAGE_BY_PATH.has(path) && routes.get(path)?.at(-1)?.noCache === false;
  const cached = cachedPaths(views).filter(cacheable);
  if (cacheable(pathname) && !cached.includes(pathname)) cached.push(pathname);
  return (
    <>
      {cached.map((path) => {
        const Page = PAGE_BY_PATH.get(path)!.component;
        return (
          <Activity key={`${path}#${versions[path] ?? 0}`} mode={path === pathname ? 'visible' : 'hidden'}>
            {/* Tabs restored after a reload mount before their page's chunk has arrived. */}
            <Suspense fallback={<Loader m="xl" />}>
              <Page />
            </Suspense>
          </Activity>
        );
      })}
      {!cached.includes(pathname) && <Outlet />}
    </>
  );
}

/** Spec section 2: shown while the initial password is in use; no close button, no outside click, no Escape. */
function ForcedPasswordDialog() {
  const { t } = useTranslation();
  const { info } = session.use();
  return (
    <Modal
      opened={info?.initPassword === true}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size={674}
      centered
      title={t('password.forcedTitle')}
      data-testid="forced-password"
    >
      <Text size="sm" mb="md">
        {t('password.forcedText')}
      </Text>
      <ChangePasswordForm />
    </Modal>
  );
}

/** The frame of every signed-in page: sidebar, top bar, second-level strip, tags view, page area. */
export function Shell() {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (l) => l.pathname });
  const { routes } = session.use();
  const { tagsView, fixedHeader } = settings.use();
  const sidebar = useSidebar(pathname);
  useTokenRefresh();

  const view = viewChain(pathname, routes, t).at(-1);
  const title = view?.title;
  const noCache = view?.noCache ?? true;
  useEffect(() => {
    tags.open({ ...HOME_VIEW, title: t('nav.home') });
  }, [t]);
  useEffect(() => {
    document.title = title ? `${title} - ${t('app.name')}` : t('app.name');
    if (title) tags.open({ path: pathname, title, affix: pathname === HOME_PATH, noCache });
  }, [pathname, title, t, noCache]);

  return (
    <AppShell
      navbar={{
        width: SIDEBAR_WIDTH,
        breakpoint: '62em',
        collapsed: { mobile: !sidebar.opened, desktop: !sidebar.opened },
      }}
      padding={0}
    >
      {/* On mobile the sidebar keeps its 250 px over a shade that closes it. */}
      <AppShell.Navbar data-testid="navbar" w={SIDEBAR_WIDTH}>
        <Sidebar />
      </AppShell.Navbar>
      {sidebar.mobile && sidebar.opened && (
        <Overlay
          fixed
          backgroundOpacity={0.3}
          zIndex={99}
          onClick={sidebar.close}
          data-testid="sidebar-shade"
        />
      )}
      <AppShell.Main>
        <Box
          bg="var(--mantine-color-body)"
          style={fixedHeader ? { position: 'sticky', top: 0, zIndex: 150 } : undefined}
          data-testid="header"
        >
          <TopBar sidebarOpened={sidebar.opened} onToggleSidebar={sidebar.toggle} />
          <SectionStrip pathname={pathname} />
          {tagsView && <TagsView />}
        </Box>
        <Box p="md">
          <Views pathname={pathname} />
        </Box>
      </AppShell.Main>
      <ForcedPasswordDialog />
    </AppShell>
  );
}
