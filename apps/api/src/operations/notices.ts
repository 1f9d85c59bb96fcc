import { listAlarmNotices } from '@hydrolog/projections';
import { ALL_PERMISSIONS, NOTICE_LIST_MAX, type NoticeList } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** The alarm list page's permission: who holds it is notified of the alarms a rule notifies to everyone. */
export const ALARM_LIST_PERMISSION = 'report:alarm:list';

/** The caller's bell: the open alarms their roles are notified of, by type, with counts. */
export function noticesOf(db: Services['db'], request: FastifyRequest): Promise<NoticeList> {
  const caller = callerOf(request);
  const allRoles = caller.permissions.includes(ALL_PERMISSIONS);
  const user = {
    userId: caller.userId,
    roleKeys: caller.roleKeys,
    allRoles,
    seesAlarms: allRoles || caller.permissions.includes(ALARM_LIST_PERMISSION),
  };
  return readAsCaller(db, request, (sql) => listAlarmNotices(sql, user, NOTICE_LIST_MAX));
}
