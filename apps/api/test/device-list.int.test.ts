import { testEngines } from '@hydrolog/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services.ts';
import { signInTenantUsers, startApi } from './support.ts';

const EN = { 'content-language': 'en' };
const FR = { 'content-language': 'fr' };

describe.each(testEngines())('devices and device regions on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let users: Awaited<ReturnType<typeof signInTenantUsers>>;

  const device = {
    deviceCode: 'T-PUMP-01',
    deviceName: 'Test pump',
    deviceType: 'waterPump',
    status: 'installed',
    manufacturer: 'Acme',
    address: '1 Pump Street',
    longitude: 120.11,
    latitude: 30.27,
    mapType: 0,
  };
  type As = typeof users.admin;
  const post = (as: As, url: string, payload: object, headers = EN) =>
    as({ method: 'POST', url: `/prod-api${url}`, payload, headers });
  const put = (as: As, url: string, payload: object, headers = EN) =>
    as({ method: 'PUT', url: `/prod-api${url}`, payload, headers });
  const remove = (as: As, url: string, headers = EN) =>
    as({ method: 'DELETE', url: `/prod-api${url}`, headers });

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    users = await signInTenantUsers(app);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('adds top regions and sub-regions, names unique among siblings, without loops', async () => {
    const north = (await post(users.admin, '/device/region', { regionName: 'T-North' })).json().data;
    expect(north).toMatchObject({ regionName: 'T-North', parentId: null, childCount: 0 });
    const east = (
      await post(users.admin, '/device/region', { regionName: 'T-East', parentId: north.regionId })
    ).json().data;
    expect(east.parentId).toBe(north.regionId);
    // The same name under another parent is fine; twice under one is not.
    expect((await post(users.admin, '/device/region', { regionName: 'T-East' })).json().code).toBe(200);
    const twice = await post(
      users.admin,
      '/device/region',
      { regionName: 't-east', parentId: north.regionId },
      FR,
    );
    expect(twice.json().key).toBe('error.region.exists');
    expect(twice.json().msg).toBe('Une région de ce nom existe déjà à ce niveau');
    const loop = await put(users.admin, '/device/region', { ...north, parentId: east.regionId });
    expect(loop.json().key).toBe('error.region.parentLoop');
    const renamed = await put(users.admin, '/device/region', { ...east, regionName: 'T-East side' });
    expect(renamed.json().data.regionName).toBe('T-East side');
    const list = (await users.admin('/prod-api/device/region/list?regionName=T-')).json().data;
    expect(list.find((r: { regionId: string }) => r.regionId === north.regionId).childCount).toBe(1);
    expect((await post(users.admin, '/device/region', { regionName: ' ' })).statusCode).toBe(400);
  });

  it('saves a device of each type filed under a region, and lists it by type, state and region tree', async () => {
    const regions = (await users.admin('/prod-api/device/region/list?regionName=T-')).json().data;
    const north = regions.find((r: { regionName: string }) => r.regionName === 'T-North');
    const east = regions.find((r: { regionName: string }) => r.regionName === 'T-East side');
    const created = await post(users.admin, '/device/device', { ...device, regionId: east.regionId });
    expect(created.json().data).toMatchObject({
      ...device,
      regionId: east.regionId,
      regionName: 'T-East side',
    });
    const gauge = await post(users.admin, '/device/device', {
      ...device,
      deviceCode: 'T-GAUGE-01',
      deviceName: 'Test gauge',
      deviceType: 'pressureGauge',
      status: 'online',
    });
    expect(gauge.json().code).toBe(200);

    const list = async (query: string) =>
      (await users.admin(`/prod-api/device/device/list?deviceName=T-&${query}`))
        .json()
        .rows.map((r: { deviceCode: string }) => r.deviceCode);
    // The region filter takes its sub-regions too.
    expect(await list(`regionId=${north.regionId}`)).toEqual(['T-PUMP-01']);
    expect(await list('deviceType=pressureGauge')).toEqual(['T-GAUGE-01']);
    expect(await list('status=installed')).toEqual(['T-PUMP-01']);
    expect((await list('')).sort()).toEqual(['T-GAUGE-01', 'T-PUMP-01']);

    // A region with devices filed under it stays.
    const kept = await remove(users.admin, `/device/region/${east.regionId}`);
    expect(kept.json().key).toBe('error.region.hasDevices');
    expect((await remove(users.admin, `/device/region/${north.regionId}`)).json().key).toBe(
      'error.region.hasChildren',
    );
  });

  it("refuses a device without id, name, type, state, map type or location, and a taken id, in the user's language", async () => {
    const bad = await post(users.admin, '/device/device', { mapType: 3 });
    expect(bad.statusCode).toBe(400);
    const errors = Object.fromEntries(
      bad.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(errors).toMatchObject({
      deviceCode: 'The device id is required',
      deviceName: 'The device name is required',
      deviceType: 'Choose one of the seven device types',
      status: 'Choose the device status',
      mapType: 'Choose the map the location is picked on',
      longitude: "Pick the device's location on the map",
      latitude: "Pick the device's location on the map",
    });
    const taken = await post(users.admin, '/device/device', { ...device, deviceCode: 't-pump-01' }, FR);
    expect(taken.json().key).toBe('error.device.exists');
    expect(taken.json().msg).toBe('Un équipement avec cet identifiant existe déjà');
  });

  it('changes a device on the version seen, and deletes it', async () => {
    const [row] = (await users.admin('/prod-api/device/device/list?deviceName=T-PUMP')).json().rows;
    const changed = await put(users.admin, '/device/device', { ...row, status: 'online' });
    expect(changed.json().data).toMatchObject({ status: 'online', version: row.version + 1 });
    expect((await put(users.admin, '/device/device', { ...row, status: 'offline' })).json().key).toBe(
      'error.staleVersion',
    );
    const exported = await post(users.admin, '/device/device/export', { deviceName: 'T-' });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect((await remove(users.admin, `/device/device/${row.deviceId}`)).json().code).toBe(200);
    expect((await users.admin(`/prod-api/device/device/${row.deviceId}`)).json().key).toBe(
      'error.device.notFound',
    );
  });

  it("keeps another tenant's devices and regions away, and lets a viewer read but not write", async () => {
    const [gauge] = (await users.admin('/prod-api/device/device/list?deviceName=T-GAUGE')).json().rows;
    const [region] = (await users.admin('/prod-api/device/region/list?regionName=T-North')).json().data;
    const foreign = await users.trial({ url: `/prod-api/device/device/${gauge.deviceId}`, headers: FR });
    expect(foreign.json()).toMatchObject({ key: 'error.device.notFound', msg: 'L’équipement n’existe pas' });
    expect((await remove(users.trial, `/device/device/${gauge.deviceId}`)).json().key).toBe(
      'error.device.notFound',
    );
    expect((await put(users.trial, '/device/device', { ...gauge })).json().key).toBe('error.device.notFound');
    expect((await users.trial(`/prod-api/device/region/${region.regionId}`)).json().key).toBe(
      'error.region.notFound',
    );
    expect((await remove(users.trial, `/device/region/${region.regionId}`)).json().key).toBe(
      'error.region.notFound',
    );
    // Filing a device under another tenant's region is refused as an unknown region.
    const filed = await post(users.trial, '/device/device', { ...device, regionId: region.regionId });
    expect(filed.json().key).toBe('error.region.notFound');
    expect((await users.trial('/prod-api/device/device/list?deviceName=T-')).json().total).toBe(0);
    expect((await users.trial('/prod-api/device/region/list?regionName=T-')).json().data).toEqual([]);
    // The same id in another tenant is its own.
    expect(
      (await post(users.trial, '/device/device', { ...device, deviceCode: 'T-GAUGE-01' })).json().code,
    ).toBe(200);

    expect((await users.viewer('/prod-api/device/device/list')).json().code).toBe(200);
    expect((await post(users.viewer, '/device/device', { ...device, deviceCode: 'T-V' })).statusCode).toBe(
      403,
    );
    expect((await post(users.viewer, '/device/region', { regionName: 'T-V' })).statusCode).toBe(403);
  });

  it('gives the device screen every device, positioned meter and boundary, filtered by type and region', async () => {
    const all = (await users.admin('/prod-api/device/screen')).json().data;
    expect(all.devices.map((d: { deviceCode: string }) => d.deviceCode)).toContain('T-GAUGE-01');
    expect(all.meters.meterId.length).toBe(all.meters.lng.length);
    const gauges = (await users.admin('/prod-api/device/screen?deviceType=pressureGauge')).json().data;
    expect(gauges.devices.every((d: { deviceType: string }) => d.deviceType === 'pressureGauge')).toBe(true);
    expect(gauges.meters.meterId).toEqual([]);
    const [region] = (await users.admin('/prod-api/device/region/list?regionName=T-North')).json().data;
    const inRegion = (await users.admin(`/prod-api/device/screen?regionId=${region.regionId}`)).json().data;
    expect(inRegion.devices).toEqual([]);
    const latest = (await users.admin('/prod-api/device/screen/latest?meterNo=T-GAUGE-01')).json().data;
    expect(latest).toMatchObject({ meterNo: 'T-GAUGE-01', collectionTime: null });
    expect(
      (await users.trial('/prod-api/device/screen'))
        .json()
        .data.devices.map((d: { deviceCode: string }) => d.deviceCode),
    ).toEqual(expect.not.arrayContaining(['T-PUMP-01']));
  });
});
