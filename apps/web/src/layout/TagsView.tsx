import {
  ActionIcon,
  Button,
  CloseButton,
  Group,
  Menu,
  Paper,
  Portal,
  ScrollArea,
  Stack,
  UnstyledButton,
} from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon.tsx';
import { tags } from '../store/tags.ts';
import type { VisitedView } from './tagsView.ts';

/** The actions of one tab; each answers where to go next (or stays). */
function useTabActions() {
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname });
  const go = (next: string | null) => {
    if (next) void navigate({ href: next });
  };
  return {
    refresh(view: VisitedView) {
      tags.refresh(view.path);
      void navigate({ href: `/redirect${view.path}`, replace: true });
    },
    close: (view: VisitedView) => go(tags.close(view.path, pathname)),
    closeOthers: (view: VisitedView) => go(tags.closeOthers(view.path, pathname)),
    closeAll: () => go(tags.closeAll(pathname)),
  };
}

function ContextMenu({ view, x, y, onClose }: { view: VisitedView; x: number; y: number; onClose(): void }) {
  const { t } = useTranslation();
  const actions = useTabActions();
  const ref = useClickOutside<HTMLDivElement>(onClose);
  const item = (label: string, run: () => void, disabled = false) => (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      justify="flex-start"
      disabled={disabled}
      onClick={() => {
        onClose();
        run();
      }}
    >
      {label}
    </Button>
  );
  return (
    <Portal>
      <Paper
        ref={ref}
        shadow="md"
        withBorder
        p={4}
        pos="fixed"
        top={y}
        left={x}
        style={{ zIndex: 300 }}
        role="menu"
        data-testid="tags-context-menu"
      >
        <Stack gap={0}>
          {item(t('tags.refresh'), () => actions.refresh(view))}
          {item(t('tags.close'), () => actions.close(view), view.affix)}
          {item(t('tags.closeOthers'), () => actions.closeOthers(view))}
          {item(t('tags.closeAll'), () => actions.closeAll())}
        </Stack>
      </Paper>
    </Portal>
  );
}

/** Spec section 2 visited-views bar: pinned Home, refresh, close, close others, close all, right-click menu. */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname });
  const { views } = tags.use();
  const actions = useTabActions();
  const [menu, setMenu] = useState<{ view: VisitedView; x: number; y: number } | null>(null);
  const active = views.find((v) => v.path === pathname) ?? views[0]!;

  return (
    <Group
      h={34}
      px="sm"
      gap="xs"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <ScrollArea type="never" style={{ flex: 1 }}>
        <Group gap={4} wrap="nowrap" role="tablist" aria-label={t('tags.label')} data-testid="tags-view">
          {views.map((view) => {
            const current = view.path === pathname;
            return (
              <Group
                key={view.path}
                gap={2}
                px={8}
                h={24}
                wrap="nowrap"
                data-path={view.path}
                onContextMenu={(event) => {
                  event.preventDefault();
                  setMenu({ view, x: event.clientX, y: event.clientY });
                }}
                style={{
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 3,
                  background: current ? 'var(--mantine-primary-color-filled)' : undefined,
                  color: current ? 'var(--mantine-color-white)' : undefined,
                }}
              >
                <UnstyledButton
                  role="tab"
                  aria-selected={current}
                  fz="xs"
                  onClick={() => void navigate({ href: view.path })}
                >
                  {view.title}
                </UnstyledButton>
                {!view.affix && (
                  <CloseButton
                    size="xs"
                    c="inherit"
                    aria-label={t('tags.closeTab', { title: view.title })}
                    onClick={() => actions.close(view)}
                  />
                )}
              </Group>
            );
          })}
        </Group>
      </ScrollArea>
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('tags.actions')}
            data-testid="tags-actions"
          >
            <Icon name="sliders" size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => actions.refresh(active)}>{t('tags.refresh')}</Menu.Item>
          <Menu.Item disabled={active.affix} onClick={() => actions.close(active)}>
            {t('tags.close')}
          </Menu.Item>
          <Menu.Item onClick={() => actions.closeOthers(active)}>{t('tags.closeOthers')}</Menu.Item>
          <Menu.Item onClick={() => actions.closeAll()}>{t('tags.closeAll')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {menu && <ContextMenu {...menu} onClose={() => setMenu(null)} />}
    </Group>
  );
}
