import { type Authority, type DataScope, dataScopeOf, trialDaysLeft } from '@hydrolog/domain';
import type { Database, Sql } from '@hydrolog/eventstore';
import { findSession, type RoleRow, type SessionRow, withTenant } from '@hydrolog/projections';
import {
  ALL_PERMISSIONS,
  DEFAULT_ROLE,
  type EventMetadata,
  hasPermission,
  type MessageKey,
  ResponseCode,
} from '@hydrolog/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { failure } from '../http.ts';
import { isCommand } from '../operation-log.ts';
import type { Services } from '../services.ts';
import { sha256 } from './crypto.ts';

/**
 * Who may call a route, declared next to it (`config: { access }`):
 * - `{ public: true }`: anyone (login, captcha, health);
 * - `{ permission }`: a signed-in user holding it (`null`: any signed-in user);
 *   `platform`: and only platform operators; `whileInitialPassword`: also before the forced change.
 */
export type Access =
  | { public: true }
  | { permission: string | null; platform?: boolean; whileInitialPassword?: boolean };

/** Route config: any signed-in user. */
export const signedIn = { access: { permission: null } };
/** Route config: any signed-in user, also before the forced change of an initial password. */
export const ownSession = { access: { permission: null, whileInitialPassword: true } };
/** Route config: signed-in users holding `permission`. */
export const requires = (permission: string) => ({ access: { permission } });
/** Route config: platform operators holding `permission`. */
export const operatorOnly = (permission: string) => ({ access: { permission, platform: true } });

/** A registered /prod-api route and who may call it (the security tests walk them all). */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  /** The zod schemas the route registered (querystring, body, response...), which the browser's contract names. */
  schema: FastifySchema | undefined;
}

/** The signed-in caller of a request. */
export interface Caller {
  sessionId: string;
  userId: string;
  userName: string;
  deptName: string | null;
  tenantId: string;
  tenantKind: 'platform' | 'utility';
  roles: RoleRow[];
  /** Role keys, or ROLE_DEFAULT when the user has none (spec section 6). */
  roleKeys: string[];
  permissions: string[];
  /** The records the caller sees in the scoped lists (customers, meters, users). */
  dataScope: DataScope;
  initialPassword: boolean;
  rememberMe: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** The permission strings of the menus the roles grant (`menuPerms`: by menu id, from the menu tree). */
export function permissionsOf(
  roles: readonly Pick<RoleRow, 'all_permissions' | 'menu_ids'>[],
  menuPerms: ReadonlyMap<string, string | null>,
): string[] {
  if (roles.some((r) => r.all_permissions)) return [ALL_PERMISSIONS];
  const perms = new Set<string>();
  for (const role of roles)
    for (const menuId of role.menu_ids) {
      const perm = menuPerms.get(menuId);
      if (perm) perms.add(perm);
    }
  return [...perms].sort();
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * The session a token opens, or why it opens none: no such session (`http.401`); expired, revoked or the
 * password changed since; the user disabled; the tenant suspended.
 */
export async function liveSession(
  services: Services,
  token: string | null,
): Promise<
  SessionRow | 'http.401' | 'error.session.ended' | 'error.session.disabled' | 'error.tenant.suspended'
> {
  const session = token ? await findSession(services.db, sha256(token)) : null;
  if (!session) return 'http.401';
  const expired = session.expires_at.getTime() <= Date.now();
  if (expired || session.ended_at || session.password_changed_at > session.started_at)
    return 'error.session.ended';
  if (session.user_status !== '0') return 'error.session.disabled';
  if (session.tenant_status === 'suspended') return 'error.tenant.suspended';
  return session;
}

/**
 * Authentication and permission checks of every /prod-api route. A route without a declared `access`
 * is refused at registration, so none can be left open by mistake. A caller holds the permissions of
 * their roles' menus, which `permsByMenu` reads from the menu tree (identity's).
 */
export function registerGuard(
  api: FastifyInstance,
  services: Services,
  routes: ApiRoute[],
  permsByMenu: (db: Database) => Promise<Map<string, string | null>>,
): void {
  api.decorateRequest('caller', null);
  api.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) throw new Error(`${route.method} ${route.url} declares no access rule`);
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, access, schema: route.schema });
  });
  api.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    const session = await liveSession(services, bearerToken(request));
    if (session === 'http.401') return deny(request, reply, 401, session);
    // Expired, revoked, password changed since login, or user disabled: the browser must log out (code 100102000002).
    if (typeof session === 'string')
      return reply.send(failure(request, session, {}, ResponseCode.forceLogout));
    // An ended trial leaves the data readable: reads, and the user's own session and password, only.
    const trialOver =
      session.trial_started_at !== null &&
      trialDaysLeft(session.trial_started_at.toISOString(), new Date()) === 0;
    if (trialOver && isCommand(request) && !access.whileInitialPassword) {
      return deny(request, reply, 403, 'error.tenant.trialExpired');
    }
    const { roles } = session;
    const caller: Caller = {
      sessionId: session.session_id,
      userId: session.user_id,
      userName: session.user_name,
      deptName: session.dept_name,
      tenantId: session.tenant_id,
      tenantKind: session.tenant_kind,
      roles,
      roleKeys: roles.length ? roles.map((r) => r.role_key) : [DEFAULT_ROLE],
      permissions: permissionsOf(roles, await permsByMenu(services.db)),
      dataScope: dataScopeOf(
        roles.map((r) => ({
          dataScope: r.data_scope,
          deptIds: r.dept_ids,
          allPermissions: r.all_permissions,
        })),
        { userId: session.user_id, deptId: session.dept_id },
      ),
      initialPassword: session.initial_password,
      rememberMe: session.remember_me,
    };
    request.caller = caller;
    if (caller.initialPassword && !access.whileInitialPassword) {
      return deny(request, reply, 403, 'error.session.mustChangePassword');
    }
    if (access.platform && caller.tenantKind !== 'platform') return deny(request, reply, 403, 'http.403');
    if (access.permission && !hasPermission(caller.permissions, access.permission)) {
      return deny(request, reply, 403, 'http.403');
    }
  });
}

function deny(request: FastifyRequest, reply: FastifyReply, status: 401 | 403, key: MessageKey) {
  return reply.status(status).send(failure(request, key, {}, status));
}

/** The caller of a route that requires sign-in (the guard has set it). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error(`${request.routeOptions.url} is public: it has no caller`);
  return request.caller;
}

/** The caller as the rule against raising anyone above oneself sees them. */
export const authorityOf = (caller: Caller): Authority => ({
  actorId: caller.userId,
  actorPermissions: caller.permissions,
  platformOperator: caller.tenantKind === 'platform',
});

/** The metadata of the events a signed-in caller's command appends. */
export function callerMetadata(request: FastifyRequest): EventMetadata {
  const caller = callerOf(request);
  return { tenantId: caller.tenantId, userId: caller.userId, correlationId: request.id };
}

/** Runs tenant reads for the caller's tenant, behind row-level security. */
export function readAsCaller<T>(
  db: Database,
  request: FastifyRequest,
  work: (sql: Sql) => Promise<T>,
): Promise<T> {
  return withTenant(db, callerOf(request).tenantId, work);
}
