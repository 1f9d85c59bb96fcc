import type { RouterNode } from '@hydrolog/schemas';

/** Spec section 9: menu text is truncated at 25 characters and gets a tooltip when longer than 17. */
export const MENU_TEXT_MAX = 25;
export const MENU_TOOLTIP_OVER = 17;
/** The full-screen leakage view: its menu entry opens this fixed route in a new tab. */
export const CASCADE_SCREEN = '/cascadeScreen';
export const HOME_PATH = '/index';

export interface SidebarItem {
  /** Full path of the page (or the link), unique in the tree. */
  path: string;
  title: string;
  /** The title cut to MENU_TEXT_MAX characters. */
  label: string;
  /** The whole title when it is long enough to need one. */
  tooltip: string | null;
  icon: string | null;
  /** External links and the full-screen view open in a new browser tab. */
  newTab: boolean;
  /** Directories have children; pages have none. */
  children: SidebarItem[] | null;
}

export function menuLabel(title: string): { label: string; tooltip: string | null } {
  const chars = Array.from(title);
  return {
    label: chars.length > MENU_TEXT_MAX ? `${chars.slice(0, MENU_TEXT_MAX).join('')}…` : title,
    tooltip: chars.length > MENU_TOOLTIP_OVER ? title : null,
  };
}

export const isExternal = (path: string): boolean => /^(https?:|mailto:|tel:)/.test(path);

/** A child path is relative to its directory unless absolute or external. */
export function resolvePath(base: string, path: string): string {
  if (isExternal(path) || path.startsWith('/')) return path;
  if (!path) return base;
  return `${base.replace(/\/$/, '')}/${path}`;
}

const isDirectory = (node: RouterNode): boolean => node.component === 'Layout' || !!node.children?.length;

/** Where a page lives: its own full path, or the link it opens (spec section 2: cascadeScreen, external links). */
function target(node: RouterNode, fullPath: string): { path: string; newTab: boolean } {
  if (node.component === 'cascadeScreen' || node.meta.link === CASCADE_SCREEN)
    return { path: CASCADE_SCREEN, newTab: true };
  if (node.meta.link) return { path: node.meta.link, newTab: true };
  if (isExternal(node.path)) return { path: node.path, newTab: true };
  return { path: fullPath, newTab: false };
}

function item(node: RouterNode, path: string, newTab: boolean, children: SidebarItem[] | null): SidebarItem {
  return {
    path,
    title: node.meta.title,
    ...menuLabel(node.meta.title),
    icon: node.meta.icon,
    newTab,
    children,
  };
}

/**
 * The sidebar: visible entries of the menu tree with full paths. A directory with one visible child
 * collapses to that child (unless the server asks to always show it); an empty directory disappears.
 */
export function toSidebarItems(nodes: readonly RouterNode[], base = ''): SidebarItem[] {
  const items: SidebarItem[] = [];
  for (const node of nodes) {
    if (node.hidden) continue;
    const fullPath = resolvePath(base || '/', node.path);
    if (!isDirectory(node)) {
      const { path, newTab } = target(node, fullPath);
      items.push(item(node, path, newTab, null));
      continue;
    }
    const visible = (node.children ?? []).filter((c) => !c.hidden);
    if (visible.length === 0) continue;
    const children = toSidebarItems(visible, fullPath);
    const only = children[0];
    if (children.length === 1 && only && !node.alwaysShow)
      items.push({ ...only, icon: only.icon ?? node.meta.icon });
    else if (children.length > 0) items.push(item(node, fullPath, false, children));
  }
  return items;
}

export interface MenuRoute {
  path: string;
  title: string;
  redirect: string | undefined;
  noCache: boolean;
}

/** Every page of the menu tree (hidden ones too) with its chain of parents, keyed by full path. */
export function indexRoutes(nodes: readonly RouterNode[]): Map<string, MenuRoute[]> {
  const index = new Map<string, MenuRoute[]>();
  const walk = (list: readonly RouterNode[], base: string, chain: MenuRoute[]) => {
    for (const node of list) {
      const fullPath = resolvePath(base || '/', node.path);
      const route = {
        path: isDirectory(node) ? fullPath : target(node, fullPath).path,
        title: node.meta.title,
        redirect: node.redirect,
        noCache: node.meta.noCache,
      };
      if (isDirectory(node)) walk(node.children ?? [], fullPath, [...chain, route]);
      else index.set(route.path, [...chain, route]);
    }
  };
  walk(nodes, '', []);
  return index;
}

export interface Crumb {
  title: string;
  path: string;
  link: boolean;
}

/**
 * Spec section 2: the breadcrumb starts from Home unless the first entry is Home; entries without a
 * redirect ('noRedirect', i.e. directories) and the last entry are not links.
 */
export function breadcrumbs(
  chain: readonly { path: string; title: string; redirect?: string | undefined }[],
  homeTitle: string,
): Crumb[] {
  const entries = chain[0]?.path === HOME_PATH ? chain : [{ path: HOME_PATH, title: homeTitle }, ...chain];
  return entries.map((e, i) => ({
    title: e.title,
    path: e.path,
    link: i < entries.length - 1 && e.redirect !== 'noRedirect',
  }));
}

/** The pages of the directory that holds `pathname`, for the second-level strip (null outside a directory). */
export function sectionOf(items: readonly SidebarItem[], pathname: string): SidebarItem[] | null {
  for (const entry of items) {
    if (!entry.children) continue;
    if (entry.children.some((c) => c.path === pathname)) return entry.children;
    const nested = sectionOf(entry.children, pathname);
    if (nested) return nested;
  }
  return null;
}

/** The directory (sidebar submenu) that holds `pathname`, so the sidebar opens it. */
export function openedDirectory(items: readonly SidebarItem[], pathname: string): string | null {
  for (const entry of items) {
    if (!entry.children) continue;
    const inside = (list: readonly SidebarItem[]): boolean =>
      list.some((c) => c.path === pathname || (c.children !== null && inside(c.children)));
    if (inside(entry.children)) return entry.path;
  }
  return null;
}
