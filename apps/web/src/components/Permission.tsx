import type { ReactNode } from 'react';
import { hasAnyRole, permits } from '../lib/permissions.ts';
import { session } from '../store/session.ts';

/** `hasPermi(['system:user:add'])`: whether the signed-in user holds one of the permissions. */
export function useHasPermi(): (value: readonly string[]) => boolean {
  const permissions = session.use().info?.permissions;
  return (value) => permits(permissions, value);
}

export function useHasRole(): (value: readonly string[]) => boolean {
  const roles = session.use().info?.roles;
  return (value) => hasAnyRole(roles, value);
}

/** Renders its children only for a user holding one of `value` (spec section 6 permission directive). */
export function HasPermi({ value, children }: { value: readonly string[]; children: ReactNode }) {
  return useHasPermi()(value) ? children : null;
}

/** Renders its children only for role admin or one of `value` (spec section 6 role directive). */
export function HasRole({ value, children }: { value: readonly string[]; children: ReactNode }) {
  return useHasRole()(value) ? children : null;
}
