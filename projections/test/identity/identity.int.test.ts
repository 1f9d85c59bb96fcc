import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxProjection, sessionsProjection, usersProjection } from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const AT = '2026-03-01T08:00:00.000Z';
const client = { ip: '10.0.0.7', browser: 'Chrome 156', os: 'Linux' };

describe.each(testEngines())('identity projections on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const metadata = { tenantId, correlationId: uuidv7() };
  beforeAll(async () => {
    fx = await projectionsOn(engine, [usersProjection, sessionsProjection, outboxProjection]);
  });
  afterAll(() => fx.db.close());

  it('users: a department, a role and a user in them', async () => {
    const [deptId, roleId, userId] = [uuidv7(), uuidv7(), uuidv7()];
    const dept = { parentId: null, deptName: 'Billing', orderNum: 1, leader: null, phone: null, email: null };
    await fx.append(
      `dept-${deptId}`,
      [{ type: 'DeptCreated', data: { deptId, tenantId, ...dept, status: '0' } }],
      metadata,
    );
    await fx.append(
      `role-${roleId}`,
      [
        {
          type: 'RoleCreated',
          data: {
            roleId,
            tenantId,
            roleName: 'Clerk',
            roleKey: 'clerk',
            roleType: 'general',
            menuIds: ['1'],
            allPermissions: false,
          },
        },
      ],
      metadata,
    );
    await fx.append(
      `user-${userId}`,
      [
        {
          type: 'UserCreated',
          data: {
            userId,
            tenantId,
            userName: 'clerk1',
            nickName: 'Clerk One',
            email: null,
            phonenumber: null,
            passwordHash: 'hash',
            initialPassword: true,
            roleIds: [roleId],
            deptId,
            createdAt: AT,
          },
        },
        { type: 'UserStatusChanged', data: { userId, status: '1' } },
      ],
      metadata,
    );
    expect(await fx.rows('SELECT dept_name, tenant_id::text FROM depts')).toEqual([
      { dept_name: 'Billing', tenant_id: tenantId },
    ]);
    expect(await fx.rows('SELECT role_name, role_key FROM roles')).toEqual([
      { role_name: 'Clerk', role_key: 'clerk' },
    ]);
    expect(await fx.rows('SELECT user_name, nick_name, dept_id::text, status FROM users')).toEqual([
      { user_name: 'clerk1', nick_name: 'Clerk One', dept_id: deptId, status: '1' },
    ]);
  });

  it('sessions: a login opens a session and logs it, a failed one is logged alone', async () => {
    const [sessionId, userId] = [uuidv7(), uuidv7()];
    await fx.append(
      `session-${sessionId}`,
      [
        {
          type: 'LoginSucceeded',
          data: {
            ...client,
            sessionId,
            userId,
            userName: 'clerk1',
            tokenHash: 'token',
            rememberMe: false,
            at: AT,
            expiresAt: '2026-03-01T20:00:00.000Z',
          },
        },
      ],
      metadata,
    );
    await fx.append(
      `login-${userId}`,
      [
        {
          type: 'LoginFailed',
          data: { ...client, userId, userName: 'clerk1', reason: 'auth.wrongPassword', counts: true, at: AT },
        },
      ],
      metadata,
    );
    expect(await fx.rows('SELECT session_id::text, user_id::text FROM sessions')).toEqual([
      { session_id: sessionId, user_id: userId },
    ]);
    expect(await fx.rows('SELECT user_name, status FROM login_log ORDER BY status')).toEqual([
      { user_name: 'clerk1', status: '0' },
      { user_name: 'clerk1', status: '1' },
    ]);
  });

  it('outbox: a queued message is one row', async () => {
    const messageId = uuidv7();
    await fx.append(
      `message-${messageId}`,
      [
        {
          type: 'MessageQueued',
          data: { messageId, channel: 'sms', to: '+8613800000000', text: 'Code 123456', at: AT },
        },
      ],
      metadata,
    );
    expect(await fx.rows('SELECT channel, recipient, text FROM message_outbox')).toEqual([
      { channel: 'sms', recipient: '+8613800000000', text: 'Code 123456' },
    ]);
  });
});
