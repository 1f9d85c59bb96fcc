import { DomainError } from '@hydrolog/domain';
import { findUserByAccount } from '@hydrolog/projections';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, callerOf } from '../auth/guard.ts';
import { record } from '../commands.ts';
import type { Services } from '../services.ts';
import { logOf } from './logs.ts';

/** Unlocks a user locked by wrong passwords. */
export async function unlockUser({ db, store }: Services, request: FastifyRequest, userName: string) {
  const user = await findUserByAccount(db, userName);
  // Only the caller's own users: another tenant's user is "not found".
  if (!user || user.tenant_id !== callerOf(request).tenantId) throw new DomainError('error.user.notFound');
  const data = { userId: user.user_id, userName: user.user_name, at: new Date().toISOString() };
  await record(store, logOf(request, 'loginlog'), { type: 'LoginUnlocked', data }, callerMetadata(request));
}
