import { testEngines } from '@hydrolog/eventstore/testing';
import { type DomainEvent, type Language, type OperLogQuery, uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminProjection,
  listOperLog,
  operationLogProjection,
  settingsProjection,
  withTenant,
} from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const AT = '2026-03-01T08:00:00.000Z';

describe.each(testEngines())('system projections on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const metadata = { tenantId, correlationId: uuidv7() };
  beforeAll(async () => {
    fx = await projectionsOn(engine, [adminProjection, settingsProjection, operationLogProjection]);
  });
  afterAll(() => fx.db.close());

  it('admin: a dictionary type, and a notice with its reader', async () => {
    const [noticeId, userId] = [uuidv7(), uuidv7()];
    await fx.append(
      'dictType-1',
      [
        {
          type: 'DictTypeSaved',
          data: { dictId: 1, dictName: 'Valve state', dictType: 'valve_state', status: '0', remark: null },
        },
      ],
      metadata,
    );
    await fx.append(
      `notice-${noticeId}`,
      [
        {
          type: 'NoticeCreated',
          data: {
            noticeId,
            tenantId,
            noticeTitle: 'Works',
            noticeType: '1',
            noticeContent: 'Night works',
            createBy: 'admin',
            createdAt: AT,
          },
        },
        { type: 'NoticeRead', data: { noticeId, userId, at: AT } },
      ],
      metadata,
    );
    expect(await fx.rows('SELECT dict_name, dict_type FROM sys_dict_type')).toEqual([
      { dict_name: 'Valve state', dict_type: 'valve_state' },
    ]);
    expect(await fx.rows('SELECT notice_title, tenant_id::text FROM notices')).toEqual([
      { notice_title: 'Works', tenant_id: tenantId },
    ]);
    expect(await fx.rows('SELECT notice_id::text, user_id::text FROM notice_reads')).toEqual([
      { notice_id: noticeId, user_id: userId },
    ]);
  });

  it('admin: a menu page created, renamed and moved, and another deleted', async () => {
    const titles = { 'zh-CN': '泵站', en: 'Pumps', fr: 'Pompes', id: 'Pompa' };
    const page = {
      parentId: null,
      menuType: 'C' as const,
      titles,
      path: 'pumps',
      component: 'devices/pumps/index',
      perms: 'devices:pump:list',
      icon: 'monitor',
      orderNum: 3,
      visible: true,
      isCache: false,
      link: null,
      platformOnly: false,
    };
    await fx.append(
      'menu-pumps',
      [{ type: 'MenuCreated', data: { menuId: 'pumps', ...page, builtIn: false } }],
      metadata,
    );
    await fx.append(
      'menu-pumps',
      [
        {
          type: 'MenuChanged',
          data: { menuId: 'pumps', ...page, titles: { ...titles, en: 'Pump stations' }, orderNum: 1 },
        },
      ],
      metadata,
    );
    await fx.append(
      'menu-old',
      [
        { type: 'MenuCreated', data: { menuId: 'old', ...page, path: 'old', builtIn: false } },
        { type: 'MenuDeleted', data: { menuId: 'old' } },
      ],
      metadata,
    );
    expect(
      await fx.rows("SELECT menu_id, titles->>'en' AS en, path, order_num, built_in FROM sys_menu"),
    ).toEqual([{ menu_id: 'pumps', en: 'Pump stations', path: 'pumps', order_num: 1, built_in: false }]);
  });

  it('settings: a parameter and a dictionary entry', async () => {
    const [configId, dictCode] = [uuidv7(), uuidv7()];
    await fx.append(
      `config-${configId}`,
      [
        {
          type: 'ConfigSaved',
          data: {
            configId,
            configName: 'Captcha',
            configKey: 'sys.account.captchaEnabled',
            configValue: 'false',
            configType: 'Y',
            remark: null,
          },
        },
      ],
      metadata,
    );
    const labels = { 'zh-CN': '开', en: 'Open', fr: 'Ouverte', id: 'Buka' };
    await fx.append(
      `dictData-${dictCode}`,
      [
        {
          type: 'DictDataSaved',
          data: {
            dictCode,
            dictType: 'valve_state',
            dictValue: '1',
            labels,
            dictSort: 1,
            cssClass: null,
            listClass: 'success',
            isDefault: 'N',
            status: '0',
            remark: null,
          },
        },
      ],
      metadata,
    );
    expect(await fx.rows('SELECT config_key, config_value FROM sys_config')).toEqual([
      { config_key: 'sys.account.captchaEnabled', config_value: 'false' },
    ]);
    expect(await fx.rows('SELECT dict_type, dict_value, labels FROM sys_dict_data')).toEqual([
      { dict_type: 'valve_state', dict_value: '1', labels },
    ]);
  });

  it('operation log: an operation is one row of its tenant, filed under the module of its URL', async () => {
    const logged = (title: string, operUrl: string, operTime: string): DomainEvent => ({
      type: 'OperationLogged',
      data: {
        operId: uuidv7(),
        title,
        businessType: '1',
        requestMethod: 'POST',
        operName: 'admin',
        deptName: null,
        operUrl,
        operIp: '10.0.0.7',
        operParam: '{}',
        status: '0',
        errorMsg: null,
        costTime: 12,
        operTime,
      },
    });
    await fx.append(
      `operLog-${tenantId}`,
      [
        logged('meters', '/prod-api/business/meter', AT),
        // Recorded before the modules were named: its title was the note of the day.
        logged('spec section 9: users', '/prod-api/system/user/:userId', '2026-03-01T09:00:00.000Z'),
        logged('other', '/prod-api/nowhere', '2026-03-01T10:00:00.000Z'),
      ],
      metadata,
    );
    expect(
      await fx.rows('SELECT tenant_id::text, title, cost_time FROM oper_log ORDER BY oper_time'),
    ).toEqual([
      { tenant_id: tenantId, title: 'meters', cost_time: 12 },
      { tenant_id: tenantId, title: 'users', cost_time: 12 },
      { tenant_id: tenantId, title: 'other', cost_time: 12 },
    ]);
    // A rebuild reads the same modules from the same URLs.
    const before = await fx.rows('SELECT * FROM oper_log ORDER BY oper_time');
    await fx.runner.rebuild('operlog');
    expect(await fx.rows('SELECT * FROM oper_log ORDER BY oper_time')).toEqual(before);
    const list = (query: Partial<OperLogQuery>, language: Language) =>
      withTenant(fx.db, tenantId, (sql) =>
        listOperLog(sql, { pageNum: 1, pageSize: 10, ...query }, language),
      );
    expect((await list({}, 'en')).rows.map((r) => r.title)).toEqual(['Other', 'Staff users', 'Meters']);
    // The module filter finds the old entry by the name it now has.
    expect((await list({ title: 'utilisateurs' }, 'fr')).rows.map((r) => r.operUrl)).toEqual([
      '/prod-api/system/user/:userId',
    ]);
    expect((await list({ title: 'spec' }, 'en')).total).toBe(0);
  });
});
