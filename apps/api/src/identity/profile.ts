import { DomainError } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import { getDept, getTenant, getUser, readerPlans, type UserRow, withTenant } from '@hydrolog/projections';
import type { MapProvider, UserInfo } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { type Caller, callerOf } from '../auth/guard.ts';

/** The caller's user and tenant rows, read through row-level security. */
export async function own(db: Database, caller: Caller) {
  return withTenant(db, caller.tenantId, async (sql) => {
    const user = await getUser(sql, caller.userId);
    const tenant = await getTenant(sql, caller.tenantId);
    if (!user || !tenant) throw new DomainError('error.user.notFound');
    const dept = user.dept_id ? await getDept(sql, user.dept_id) : null;
    return { user, tenant, deptName: dept?.deptName ?? null };
  });
}

/** The session: user, tenant, roles and permissions of the caller (spec section 3), and the service's basemaps. */
export async function sessionInfo(
  db: Database,
  request: FastifyRequest,
  mapProviders: MapProvider[],
): Promise<UserInfo> {
  const caller = callerOf(request);
  const { user, tenant, deptName } = await own(db, caller);
  const { settings } = tenant;
  const firstRole = caller.roles[0];
  return {
    user: userView(user, tenant.userType, deptName),
    tenant: {
      tenantId: tenant.tenantId,
      tenantName: tenant.name,
      logoUrl: tenant.logoUrl,
      kind: tenant.kind,
      trial: tenant.trial,
      trialDaysLeft: tenant.trialDaysLeft,
      settings,
    },
    roles: caller.roleKeys,
    roleKey: caller.roleKeys[0]!,
    roleId: firstRole?.role_id ?? null,
    permissions: caller.permissions,
    userType: tenant.userType,
    country: settings.country ?? null,
    currencyUnit: settings.currencyUnit ?? null,
    lngLat: [settings.initLng, settings.initLat],
    mapProviders,
    initPassword: user.initial_password,
    // Filled by the gateway and platform modules.
    gateways: [],
    tenants: [],
    // The walk-by plans the caller reads.
    readMeters: await withTenant(db, caller.tenantId, (sql) => readerPlans(sql, caller.userId)),
  };
}

/** The caller's profile and the names of their roles. */
export async function profileOf(db: Database, request: FastifyRequest) {
  const caller = callerOf(request);
  const { user, tenant, deptName } = await own(db, caller);
  return {
    profile: userView(user, tenant.userType, deptName),
    roleGroup: caller.roles.map((r) => r.role_name).join(', '),
  };
}

function userView(user: UserRow, userType: string, deptName: string | null): UserInfo['user'] {
  return {
    userId: user.user_id,
    userName: user.user_name,
    nickName: user.nick_name,
    email: user.email,
    phonenumber: user.phonenumber,
    sex: user.sex,
    avatar: user.avatar,
    introduction: null,
    deptId: user.dept_id,
    deptName,
    tenantId: user.tenant_id,
    userType,
    language: user.language,
    createTime: user.created_at.toISOString(),
  };
}
