import { getCookie, removeCookie, setCookie } from './cookies.ts';

/** Spec section 3: the token lives in cookie Admin-Token, its lifetime (minutes) in Admin-Expires-In. */
const TOKEN = 'Admin-Token';
const EXPIRES_IN = 'Admin-Expires-In';

export const getToken = (): string | undefined => getCookie(TOKEN) || undefined;

export function setToken(token: string, expiresInMinutes: number): void {
  setCookie(TOKEN, token);
  setExpiresIn(expiresInMinutes);
}

export function setExpiresIn(minutes: number): void {
  setCookie(EXPIRES_IN, String(minutes));
}

export function getExpiresIn(): number | undefined {
  const value = Number(getCookie(EXPIRES_IN));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export function removeToken(): void {
  removeCookie(TOKEN);
  removeCookie(EXPIRES_IN);
}
