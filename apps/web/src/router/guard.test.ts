import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardInput, safeRedirect } from './guard.ts';

const base: GuardInput = {
  pathname: '/system/user',
  href: '/system/user?pageNum=2',
  hasToken: true,
  loaded: true,
  knownPages: new Set(['/system/user', '/tenant/list']),
  permittedPages: new Set(['/system/user']),
};

describe('navigation guard (spec section 2)', () => {
  it('sends a visitor without a token to the login page with the wanted path, except on the open routes', () => {
    expect(decideNavigation({ ...base, hasToken: false, loaded: false })).toEqual({
      type: 'redirect',
      href: '/login?redirect=%2Fsystem%2Fuser%3FpageNum%3D2',
    });
    for (const pathname of ['/login', '/cascadeScreen', '/register'])
      expect(decideNavigation({ ...base, pathname, href: pathname, hasToken: false })).toEqual({
        type: 'allow',
      });
  });

  it('sends a signed-in user away from the login page to the root', () => {
    expect(decideNavigation({ ...base, pathname: '/login', href: '/login' })).toEqual({
      type: 'redirect',
      href: '/',
    });
  });

  it('loads user info and menus first when they are not loaded, then decides again', () => {
    expect(decideNavigation({ ...base, loaded: false })).toEqual({ type: 'load' });
    expect(decideNavigation({ ...base, loaded: false, pathname: '/cascadeScreen' })).toEqual({
      type: 'allow',
    });
  });

  it('refuses a known page missing from the menu tree, and lets fixed and unknown paths through', () => {
    expect(decideNavigation({ ...base, pathname: '/tenant/list' })).toEqual({ type: 'noAccess' });
    expect(decideNavigation(base)).toEqual({ type: 'allow' });
    expect(decideNavigation({ ...base, pathname: '/user/profile' })).toEqual({ type: 'allow' });
    expect(decideNavigation({ ...base, pathname: '/nowhere' })).toEqual({ type: 'allow' });
  });

  it('keeps the redirect parameter on this site', () => {
    expect(safeRedirect('/system/user?x=1')).toBe('/system/user?x=1');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/a')).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
  });
});
