import { DomainError, type MeterGroupCommand, meterGroupDecider } from '@hydrolog/domain';
import { getMeterGroup } from '@hydrolog/projections';
import type { MeterGroupView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** The caller's group, or "not found" (also for another tenant's id). */
export async function groupOf(
  db: Services['db'],
  request: FastifyRequest,
  groupId: string,
): Promise<MeterGroupView> {
  const found = await readAsCaller(db, request, (sql) => getMeterGroup(sql, groupId));
  if (!found) throw new DomainError('error.group.notFound');
  return found;
}

/** Runs commands on a group, at the version the caller saw when one is given. */
export const runGroup = (
  store: Services['store'],
  request: FastifyRequest,
  groupId: string,
  commands: MeterGroupCommand[],
  version?: number,
) =>
  execute(
    store,
    meterGroupDecider,
    groupId,
    commands,
    commandContext(request, 'error.group.exists', version),
  );
