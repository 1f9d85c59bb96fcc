import { Avatar, Group, NavLink, ScrollArea, Text, Tooltip } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon.tsx';
import { session } from '../store/session.ts';
import { settings } from '../store/settings.ts';
import { openedDirectory, type SidebarItem } from './menu.ts';

function withTooltip(item: SidebarItem, node: ReactNode) {
  return item.tooltip ? (
    <Tooltip label={item.tooltip} position="right" withinPortal>
      <div>{node}</div>
    </Tooltip>
  ) : (
    node
  );
}

function Entry({
  item,
  pathname,
  open,
  onToggle,
  depth,
}: {
  item: SidebarItem;
  pathname: string;
  open: string | null;
  onToggle(path: string | null): void;
  depth: number;
}) {
  const icon = depth === 0 ? <Icon name={item.icon} /> : undefined;
  if (item.children) {
    return withTooltip(
      item,
      <NavLink
        component="button"
        type="button"
        label={item.label}
        leftSection={icon}
        opened={open === item.path}
        onChange={(opened) => onToggle(opened ? item.path : null)}
        childrenOffset={28}
        data-menu={item.path}
      >
        {item.children.map((child) => (
          <Entry
            key={child.path}
            item={child}
            pathname={pathname}
            open={open}
            onToggle={onToggle}
            depth={depth + 1}
          />
        ))}
      </NavLink>,
    );
  }
  if (item.newTab) {
    return withTooltip(
      item,
      <NavLink
        component="a"
        href={item.path}
        target="_blank"
        rel="noopener"
        label={item.label}
        leftSection={icon}
        rightSection={<Icon name="external" size={14} />}
      />,
    );
  }
  return withTooltip(
    item,
    <NavLink
      component={Link}
      to={item.path}
      label={item.label}
      leftSection={icon}
      active={pathname === item.path}
    />,
  );
}

/** Spec section 2 sidebar: tenant logo and name, the user's menu tree, one submenu open at a time. */
export function Sidebar() {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (l) => l.pathname });
  const { info, sidebar } = session.use();
  const { sidebarLogo } = settings.use();
  const [open, setOpen] = useState<string | null>(() => openedDirectory(sidebar, pathname));
  useEffect(() => {
    const current = openedDirectory(sidebar, pathname);
    if (current) setOpen(current);
  }, [sidebar, pathname]);

  return (
    <>
      {sidebarLogo && (
        <Group h={50} px="md" gap="sm" wrap="nowrap" data-testid="sidebar-logo">
          <Avatar
            src={info?.tenant.logoUrl ?? null}
            alt={t('shell.tenantLogo')}
            size={32}
            radius="sm"
            color="brand"
          >
            <Icon name="droplet" />
          </Avatar>
          <Text fw={600} truncate="end" data-testid="tenant-name">
            {info?.tenant.tenantName ?? t('app.name')}
          </Text>
        </Group>
      )}
      <ScrollArea style={{ flex: 1 }} component="nav" aria-label={t('shell.menu')} data-testid="sidebar">
        <NavLink
          component={Link}
          to="/index"
          label={t('nav.home')}
          leftSection={<Icon name="home" />}
          active={pathname === '/index'}
        />
        {sidebar.map((item) => (
          <Entry key={item.path} item={item} pathname={pathname} open={open} onToggle={setOpen} depth={0} />
        ))}
      </ScrollArea>
    </>
  );
}
