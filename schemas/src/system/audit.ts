import { z } from 'zod';
import { API_PREFIX, pageQuerySchema, timeRangeSchema } from '../api.ts';

/** The login log and the operation log (spec section 2 system administration; RuoYi's monitor screens). */

const timeRange = timeRangeSchema.shape;

export const loginLogQuerySchema = pageQuerySchema.extend({
  userName: z.string().trim().max(100).optional(),
  ipaddr: z.string().trim().max(64).optional(),
  status: z.enum(['0', '1']).optional(),
  ...timeRange,
});
export type LoginLogQuery = z.infer<typeof loginLogQuerySchema>;

/** An export takes the whole filter of its list. */
const { pageNum: _, pageSize: __, ...loginFilter } = loginLogQuerySchema.shape;
export const loginLogFilterSchema = z.object(loginFilter);

export const loginLogRowSchema = z.object({
  infoId: z.string(),
  userName: z.string(),
  ipaddr: z.string(),
  browser: z.string(),
  os: z.string(),
  /** 0 success, 1 failure. */
  status: z.enum(['0', '1']),
  /** What happened, in the caller's language. */
  msg: z.string(),
  loginTime: z.string(),
});
export type LoginLogRow = z.infer<typeof loginLogRowSchema>;

/** RuoYi business types: 0 other, 1 insert, 2 update, 3 delete, 4 grant, 5 export, 6 import, 9 clean. */
export const businessTypeSchema = z.enum(['0', '1', '2', '3', '4', '5', '6', '9']);
export type BusinessType = z.infer<typeof businessTypeSchema>;

/**
 * The module an operation belongs to, by the first segments of its route (the longest match wins): the
 * operation log files each command under one, named in the reader's language (`operLog.modules.<module>`).
 */
const OPER_LOG_MODULE_ROUTES = {
  login: ['/auth'],
  profile: ['/system/user/profile', '/system/user/updateLanguage', '/system/user/reset'],
  users: ['/system/user'],
  agents: ['/system/agent', '/system/user/agentRecharge', '/system/user/agentWithdraw'],
  depts: ['/system/dept'],
  roles: ['/system/role'],
  menus: ['/system/menu'],
  dicts: ['/system/dict'],
  configs: ['/system/config'],
  notices: ['/system/notice'],
  outbox: ['/system/msg'],
  tenants: ['/system/tenant', '/tenant/dashboard'],
  carriers: ['/tenant/carrier'],
  regions: ['/tenant/region'],
  thirdParties: ['/tenant/thirdParty'],
  meterMoves: ['/tenant/meterMove'],
  loginLog: ['/monitor/logininfor'],
  operLog: ['/monitor/operlog'],
  dashboard: ['/business/dashboard'],
  customerTypes: ['/business/customerType'],
  customers: ['/business/customer'],
  meterTypes: ['/business/meterType'],
  meters: ['/business/meter'],
  meterReplacements: ['/business/meterReplace'],
  meterGroups: ['/business/group'],
  valves: ['/business/valve'],
  keyUpdates: ['/business/keyUpdate'],
  partitions: ['/cascade/partition', '/cascade/point', '/cascade/screen'],
  leakage: ['/cascade/analysis', '/cascade/holidays'],
  cascadeAlarms: ['/cascade/alarm'],
  gateways: ['/ingest'],
  readings: ['/report'],
  other: [],
} as const satisfies Record<string, readonly string[]>;
export type OperLogModule = keyof typeof OPER_LOG_MODULE_ROUTES;
export const OPER_LOG_MODULES = Object.keys(OPER_LOG_MODULE_ROUTES) as OperLogModule[];

/**
 * The module of a logged request by its URL as recorded (`/prod-api/system/user/:userId`), 'other' when no
 * module claims it.
 */
export function operLogModuleOf(operUrl: string): OperLogModule {
  const route = operUrl.startsWith(`${API_PREFIX}/`) ? operUrl.slice(API_PREFIX.length) : operUrl;
  const segments = route.split('/');
  let found: OperLogModule = 'other';
  let length = 0;
  for (const module of OPER_LOG_MODULES) {
    for (const prefix of OPER_LOG_MODULE_ROUTES[module]) {
      const parts = prefix.split('/');
      if (parts.length > length && parts.every((part, i) => segments[i] === part)) {
        found = module;
        length = parts.length;
      }
    }
  }
  return found;
}

export const operLogQuerySchema = pageQuerySchema.extend({
  title: z.string().trim().max(100).optional(),
  operName: z.string().trim().max(100).optional(),
  businessType: businessTypeSchema.optional(),
  status: z.enum(['0', '1']).optional(),
  ...timeRange,
});
export type OperLogQuery = z.infer<typeof operLogQuerySchema>;

const { pageNum: ___, pageSize: ____, ...operFilter } = operLogQuerySchema.shape;
export const operLogFilterSchema = z.object(operFilter);

export const operLogRowSchema = z.object({
  operId: z.string(),
  title: z.string(),
  businessType: businessTypeSchema,
  requestMethod: z.string(),
  operName: z.string(),
  deptName: z.string().nullable(),
  operUrl: z.string(),
  operIp: z.string(),
  /** The request's parameters, secrets masked. */
  operParam: z.string(),
  status: z.enum(['0', '1']),
  errorMsg: z.string().nullable(),
  operTime: z.string(),
  /** Milliseconds. */
  costTime: z.number().int(),
});
export type OperLogRow = z.infer<typeof operLogRowSchema>;

const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });
const at = z.iso.datetime({ offset: true });

export const auditEventSchemas = {
  LoginUnlocked: eventSchema(z.object({ userId: z.uuid(), userName: z.string(), at })),
  LoginLogRemoved: eventSchema(z.object({ infoIds: z.array(z.uuid()).min(1) })),
  LoginLogCleaned: eventSchema(z.object({ at })),
  OperationLogged: eventSchema(
    z.object({
      operId: z.uuid(),
      title: z.string().max(100),
      businessType: businessTypeSchema,
      requestMethod: z.string().max(10),
      operName: z.string().max(100),
      deptName: z.string().max(100).nullable(),
      operUrl: z.string().max(300),
      operIp: z.string().max(64),
      operParam: z.string().max(2000),
      status: z.enum(['0', '1']),
      errorMsg: z.string().max(500).nullable(),
      costTime: z.number().int().min(0),
      operTime: at,
    }),
  ),
  OperationLogRemoved: eventSchema(z.object({ operIds: z.array(z.uuid()).min(1) })),
  OperationLogCleaned: eventSchema(z.object({ at })),
};
