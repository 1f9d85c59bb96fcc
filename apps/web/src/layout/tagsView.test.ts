import { describe, expect, it } from 'vitest';
import { cachedPaths, HOME_VIEW, nextPathAfterClose, tagsReducer, type VisitedView } from './tagsView.ts';

const view = (path: string, noCache = false): VisitedView => ({ path, title: path, affix: false, noCache });
const open = (views: VisitedView[], ...paths: string[]) =>
  paths.reduce((v, path) => tagsReducer(v, { type: 'open', view: view(path) }), views);

describe('visited views', () => {
  const start = open([HOME_VIEW], '/a', '/b', '/c');

  it('lists a path once, updating its title', () => {
    const again = tagsReducer(start, { type: 'open', view: { ...view('/a'), title: 'Renamed' } });
    expect(again.map((v) => v.path)).toEqual(['/index', '/a', '/b', '/c']);
    expect(again[1]!.title).toBe('Renamed');
    expect(tagsReducer(start, { type: 'open', view: view('/a') })).toBe(start);
  });

  it('never closes the pinned Home tab', () => {
    expect(tagsReducer(start, { type: 'close', path: '/index' }).map((v) => v.path)).toEqual([
      '/index',
      '/a',
      '/b',
      '/c',
    ]);
    expect(tagsReducer(start, { type: 'closeAll' })).toEqual([HOME_VIEW]);
    expect(tagsReducer(start, { type: 'closeOthers', path: '/b' }).map((v) => v.path)).toEqual([
      '/index',
      '/b',
    ]);
  });

  it('moves to the last remaining tab when the active one closes, or stays', () => {
    const closed = tagsReducer(start, { type: 'close', path: '/c' });
    expect(nextPathAfterClose(closed, '/c')).toBe('/b');
    expect(nextPathAfterClose(closed, '/a')).toBeNull();
    expect(nextPathAfterClose([], '/a')).toBe('/');
    expect(nextPathAfterClose(tagsReducer(start, { type: 'closeAll' }), '/b')).toBe('/index');
  });

  it('caches views by path unless they are noCache', () => {
    const views = tagsReducer(start, { type: 'open', view: view('/d', true) });
    expect(cachedPaths(views)).toEqual(['/a', '/b', '/c']);
  });
});
