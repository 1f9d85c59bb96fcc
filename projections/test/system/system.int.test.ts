import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProjection, operationLogProjection, settingsProjection } from '../../src/index.ts';
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

  it('operation log: an operation is one row of its tenant', async () => {
    const operId = uuidv7();
    await fx.append(
      `operLog-${tenantId}`,
      [
        {
          type: 'OperationLogged',
          data: {
            operId,
            title: 'Meter',
            businessType: '1',
            requestMethod: 'POST',
            operName: 'admin',
            deptName: null,
            operUrl: '/prod-api/meter',
            operIp: '10.0.0.7',
            operParam: '{}',
            status: '0',
            errorMsg: null,
            costTime: 12,
            operTime: AT,
          },
        },
      ],
      metadata,
    );
    expect(await fx.rows('SELECT oper_id::text, tenant_id::text, title, cost_time FROM oper_log')).toEqual([
      { oper_id: operId, tenant_id: tenantId, title: 'Meter', cost_time: 12 },
    ]);
  });
});
