import { hasPermission, hasRole } from '@hydrolog/schemas';

/**
 * Spec section 6 directives: an element needs one of `wanted` (the wildcard '*:*:*' passes);
 * an empty list never passes, so a directive without a value shows a mistake instead of hiding it.
 */
export function permits(held: readonly string[] | undefined, wanted: readonly string[]): boolean {
  return wanted.length > 0 && hasPermission(held ?? [], ...wanted);
}

/** Role directive: role 'admin' passes every check, otherwise one of `wanted` is needed. */
export function hasAnyRole(held: readonly string[] | undefined, wanted: readonly string[]): boolean {
  return wanted.length > 0 && hasRole(held ?? [], ...wanted);
}
