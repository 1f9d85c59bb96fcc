/** Plain document.cookie helpers: session cookies on path=/ (the token, its lifetime and the sidebar state). */
export function getCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

export function setCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the guard reads the token synchronously; the Cookie Store API is async
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
