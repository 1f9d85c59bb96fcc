import { testEngines } from '@hydrolog/eventstore/testing';
import { tenantSettingsSchema, uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformProjection, tenantsProjection } from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const AT = '2026-03-01T08:00:00.000Z';

describe.each(testEngines())('platform projection on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const metadata = { tenantId, correlationId: uuidv7() };
  beforeAll(async () => {
    fx = await projectionsOn(engine, [tenantsProjection, platformProjection]);
  });
  afterAll(() => fx.db.close());

  it('carriers, regions and an agent account with its movements', async () => {
    const [carrierId, regionId, userId] = [uuidv7(), uuidv7(), uuidv7()];
    await fx.append(
      `carrier-${carrierId}`,
      [
        {
          type: 'CarrierSaved',
          data: {
            carrierId,
            carrierName: 'China Mobile',
            country: 'CN',
            areaCode: '86',
            smsLength: 70,
            remark: null,
          },
        },
      ],
      metadata,
    );
    await fx.append(
      `region-${regionId}`,
      [{ type: 'RegionSaved', data: { regionId, parentId: null, regionName: 'Zhejiang', orderNum: 1 } }],
      metadata,
    );
    const movement = { thirdPartyId: null, remark: null, operator: 'admin', at: AT };
    await fx.append(
      `agent-${userId}`,
      [
        { type: 'AgentRecharged', data: { movementId: uuidv7(), userId, amount: 100, ...movement } },
        {
          type: 'AgentWithdrawn',
          data: { movementId: uuidv7(), userId, amount: 30.5, remark: null, operator: 'admin', at: AT },
        },
      ],
      metadata,
    );
    expect(await fx.rows('SELECT carrier_name, area_code, sms_length FROM carriers')).toEqual([
      { carrier_name: 'China Mobile', area_code: '86', sms_length: 70 },
    ]);
    expect(await fx.rows('SELECT region_name, parent_id FROM regions')).toEqual([
      { region_name: 'Zhejiang', parent_id: null },
    ]);
    expect(
      await fx.rows('SELECT balance::text, recharge_total::text, recharge_count FROM agent_accounts'),
    ).toEqual([{ balance: '69.50', recharge_total: '100.00', recharge_count: 1 }]);
    expect(
      await fx.rows('SELECT kind, amount::text, balance_after::text FROM agent_movements ORDER BY kind'),
    ).toEqual([
      { kind: 'recharge', amount: '100.00', balance_after: '100.00' },
      { kind: 'withdrawal', amount: '30.50', balance_after: '69.50' },
    ]);
  });

  it('a tenant created, renamed, reconfigured, suspended, resumed and given a logo', async () => {
    const id = uuidv7();
    const tenantMeta = { tenantId: id, correlationId: uuidv7() };
    const settings = tenantSettingsSchema.parse({});
    await fx.append(
      `tenant-${id}`,
      [
        {
          type: 'TenantCreated',
          data: { tenantId: id, name: 'Lake Water', kind: 'utility', trial: false, createdAt: AT, settings },
        },
        { type: 'TenantRenamed', data: { tenantId: id, name: 'Lake Water Utility' } },
        {
          type: 'TenantSettingsChanged',
          data: { tenantId: id, settings: { ...settings, accountNoGenMode: 'sequence' } },
        },
        { type: 'TenantSuspended', data: { tenantId: id } },
      ],
      tenantMeta,
    );
    const row = () =>
      fx.rows(
        `SELECT name, kind, trial, status, logo_url, settings->>'accountNoGenMode' AS numbering, version::int
         FROM tenants WHERE tenant_id = $1`,
        [id],
      );
    expect(await row()).toEqual([
      {
        name: 'Lake Water Utility',
        kind: 'utility',
        trial: false,
        status: 'suspended',
        logo_url: null,
        numbering: 'sequence',
        version: 3,
      },
    ]);
    await fx.append(
      `tenant-${id}`,
      [
        { type: 'TenantResumed', data: { tenantId: id } },
        { type: 'TenantLogoChanged', data: { tenantId: id, logoUrl: '/profile/logo/lake.png' } },
      ],
      tenantMeta,
    );
    expect(await row()).toEqual([
      {
        name: 'Lake Water Utility',
        kind: 'utility',
        trial: false,
        status: 'active',
        logo_url: '/profile/logo/lake.png',
        numbering: 'sequence',
        version: 5,
      },
    ]);
  });

  it('third-party platforms saved, renamed and deleted', async () => {
    const [kept, gone] = [uuidv7(), uuidv7()];
    await fx.append(
      `third-party-${kept}`,
      [
        { type: 'ThirdPartySaved', data: { thirdPartyId: kept, code: 'WX', name: 'WeChat' } },
        { type: 'ThirdPartySaved', data: { thirdPartyId: kept, code: 'WX', name: 'WeChat Pay' } },
      ],
      metadata,
    );
    await fx.append(
      `third-party-${gone}`,
      [
        { type: 'ThirdPartySaved', data: { thirdPartyId: gone, code: 'AL', name: 'Alipay' } },
        { type: 'ThirdPartyDeleted', data: { thirdPartyId: gone } },
      ],
      metadata,
    );
    expect(await fx.rows('SELECT code, name FROM third_parties')).toEqual([
      { code: 'WX', name: 'WeChat Pay' },
    ]);
  });
});
