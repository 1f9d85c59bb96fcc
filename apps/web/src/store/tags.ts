import {
  HOME_VIEW,
  nextPathAfterClose,
  type TagsAction,
  tagsReducer,
  type VisitedView,
} from '../layout/tagsView.ts';
import { createStore } from './createStore.ts';

interface TagsState {
  views: VisitedView[];
  /** Bumped by a refresh: the cached tree of that path is mounted anew. */
  versions: Record<string, number>;
}

/** The tabs survive a page reload within the browser tab (not a new session: logout resets them). */
const STORAGE_KEY = 'visited-views';

function stored(): VisitedView[] {
  try {
    const views = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as VisitedView[] | null;
    return Array.isArray(views) && views.length > 0 ? views : [HOME_VIEW];
  } catch {
    return [HOME_VIEW];
  }
}

const store = createStore<TagsState>({ views: stored(), versions: {} });

function save(views: VisitedView[]): void {
  const state = store.get();
  if (views === state.views) return;
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(views));
  store.set({ ...state, views });
}

function dispatch(action: TagsAction): VisitedView[] {
  const views = tagsReducer(store.get().views, action);
  save(views);
  return views;
}

/** The visited-views tab bar; close actions answer where to navigate (null: stay). */
export const tags = {
  use: store.use,
  open: (view: VisitedView) => void dispatch({ type: 'open', view }),
  close: (path: string, activePath: string) =>
    nextPathAfterClose(dispatch({ type: 'close', path }), activePath),
  /** Keeps `path` (and the pinned tabs); when the active view closes, `path` becomes the active one. */
  closeOthers: (path: string, activePath: string) =>
    nextPathAfterClose(dispatch({ type: 'closeOthers', path }), activePath) === null ? null : path,
  closeAll: (activePath: string) => nextPathAfterClose(dispatch({ type: 'closeAll' }), activePath),
  refresh(path: string) {
    const state = store.get();
    store.set({ ...state, versions: { ...state.versions, [path]: (state.versions[path] ?? 0) + 1 } });
  },
  reset: () => dispatch({ type: 'reset' }),
};
