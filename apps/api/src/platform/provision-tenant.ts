import { deptDecider, type RoleCommand, roleDecider, tenantDecider, userDecider } from '@hydrolog/domain';
import type { EventStore } from '@hydrolog/eventstore';
import type { EventData } from '@hydrolog/schemas';
import { hashPassword } from '../auth/crypto.ts';
import { type CommandContext, executeAll, type StreamCommand } from '../commands.ts';
import { defaultAlarmRules } from '../operations/index.ts';

type Role = Omit<EventData<'RoleCreated'>, 'tenantId'>;

/** A new tenant's first state: the tenant with its roles, departments and users. */
export interface TenantProvision {
  tenant: EventData<'TenantCreated'>;
  roles: readonly Role[];
  depts?: readonly Omit<EventData<'DeptCreated'>, 'tenantId'>[];
  /**
   * Each user with the password to hash (`initialPassword`: one the user must change at first login), and
   * whether its name is already another user's sign-in.
   */
  users: readonly (Omit<EventData<'UserCreated'>, 'tenantId' | 'passwordHash'> & {
    password: string;
    accountTaken?: boolean;
  })[];
  /** Other facts the tenant starts with (the platform's parameters). */
  alongside?: readonly StreamCommand[];
}

/** The role of a tenant's first administrator: every permission. */
export const administratorRole = (roleId: string): Role => ({
  roleId,
  roleName: 'Administrator',
  roleKey: 'admin',
  roleType: 'general',
  menuIds: [],
  allPermissions: true,
});

/**
 * Creates a tenant with its roles, departments and users in one append: a tenant never exists without its
 * administrator, nor a user without the tenant. A utility starts with the default alarm rules. A tenant that exists already is refused by its decider.
 */
export async function provisionTenant(
  store: EventStore,
  { tenant, roles, depts = [], users, alongside = [] }: TenantProvision,
  context: CommandContext,
): Promise<void> {
  const { tenantId } = tenant;
  const steps: StreamCommand[] = [
    { decider: tenantDecider, id: tenantId, command: { type: 'CreateTenant', ...tenant } },
    ...roles.map((role) => ({
      decider: roleDecider,
      id: role.roleId,
      // The platform gives its own roles menus of its own catalogue.
      command: { type: 'CreateRole', ...role, tenantId, unknownMenus: 0 } satisfies RoleCommand,
    })),
    ...depts.map((dept) => ({
      decider: deptDecider,
      id: dept.deptId,
      command: { type: 'CreateDept', ...dept, tenantId },
    })),
  ];
  for (const { password, ...user } of users)
    steps.push({
      decider: userDecider,
      id: user.userId,
      command: { type: 'CreateUser', ...user, tenantId, passwordHash: await hashPassword(password) },
    });
  if (tenant.kind === 'utility') steps.push(...defaultAlarmRules(tenant.createdAt));
  await executeAll(store, [...steps, ...alongside], context);
}
