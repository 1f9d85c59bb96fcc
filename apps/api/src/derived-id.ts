import { createHash } from 'node:crypto';

/** A UUID derived from a name (UUIDv7 layout, hash bits): the same alarm always gets the same id. */
export function derivedId(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  const variant = (8 | (Number.parseInt(h[16]!, 16) & 3)).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-7${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
