import { HOME_PATH } from './menu.ts';

/** A visited view: one tab of the tag bar, keyed by path. */
export interface VisitedView {
  path: string;
  title: string;
  /** Pinned: never closed (Home). */
  affix: boolean;
  /** meta.noCache: the page is not kept alive when its tab is not shown. */
  noCache: boolean;
}

export const HOME_VIEW: VisitedView = { path: HOME_PATH, title: '', affix: true, noCache: true };

export type TagsAction =
  | { type: 'open'; view: VisitedView }
  | { type: 'close'; path: string }
  | { type: 'closeOthers'; path: string }
  | { type: 'closeAll' }
  | { type: 'reset' };

/** Spec section 2: pinned tabs survive every close; a visited path is listed once. */
export function tagsReducer(views: VisitedView[], action: TagsAction): VisitedView[] {
  switch (action.type) {
    case 'open': {
      const at = views.findIndex((v) => v.path === action.view.path);
      if (at === -1) return [...views, action.view];
      if (views[at]!.title === action.view.title) return views;
      return views.map((v, i) => (i === at ? { ...v, title: action.view.title } : v));
    }
    case 'close':
      return views.filter((v) => v.affix || v.path !== action.path);
    case 'closeOthers':
      return views.filter((v) => v.affix || v.path === action.path);
    case 'closeAll':
      return views.filter((v) => v.affix);
    case 'reset':
      return [HOME_VIEW];
  }
}

/**
 * Where to go after a close: nowhere while the active view is still open; otherwise the last remaining
 * view, or the root when none is left.
 */
export function nextPathAfterClose(remaining: readonly VisitedView[], activePath: string): string | null {
  if (remaining.some((v) => v.path === activePath)) return null;
  return remaining.at(-1)?.path ?? '/';
}

/** Paths whose React tree stays mounted while hidden (keep-alive by path). */
export function cachedPaths(views: readonly VisitedView[]): string[] {
  return views.filter((v) => !v.noCache).map((v) => v.path);
}
