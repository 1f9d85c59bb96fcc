import type {
  AgentRechargeBody,
  AgentWithdrawBody,
  CarrierBody,
  PurchaseMethod,
  RegionBody,
  ThirdPartyBody,
} from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';

interface PageParams {
  pageNum: number;
  pageSize: number;
}

/** Agents (spec sections 2 and 9; platform operators). */
export const listAgents = (query: PageParams & { userName?: string; purchaseMethod?: PurchaseMethod }) =>
  api.call('GET /system/agent/list', { query });

export const agentMovements = (query: PageParams & { userId: string }) =>
  api.call('GET /system/agent/movements', { query });

export const setPurchaseMethod = (userId: string, purchaseMethod: PurchaseMethod) =>
  api.data('PUT /system/agent/purchaseMethod', { body: { userId, purchaseMethod } });

export const agentRecharge = (body: AgentRechargeBody) =>
  api.data('POST /system/user/agentRecharge', { body });

export const agentWithdraw = (body: AgentWithdrawBody) =>
  api.data('POST /system/user/agentWithdraw', { body });

/** Mobile carriers. */
export const listCarriers = (query: PageParams & { carrierName?: string; country?: string }) =>
  api.call('GET /tenant/carrier/list', { query });
export const createCarrier = (body: CarrierBody) => api.data('POST /tenant/carrier', { body });
export const updateCarrier = (body: CarrierBody & { carrierId: string }) =>
  api.data('PUT /tenant/carrier', { body });
export const deleteCarriers = (ids: readonly string[]) =>
  api.call('DELETE /tenant/carrier/:carrierIds', { params: { carrierIds: ids.join(',') } });

/** Regions: a flat list, parentId makes the tree. */
export const listRegions = (query: { regionName?: string } = {}) =>
  api.data('GET /tenant/region/list', { query });
export const createRegion = (body: RegionBody) => api.data('POST /tenant/region', { body });
export const updateRegion = (body: RegionBody & { regionId: string }) =>
  api.data('PUT /tenant/region', { body });
export const deleteRegion = (regionId: string) =>
  api.call('DELETE /tenant/region/:regionId', { params: { regionId } });

/** Third-party platforms and their recharge records. */
export const listThirdParties = (query: PageParams & { code?: string; name?: string }) =>
  api.call('GET /tenant/thirdParty/list', { query });
export const thirdPartyRecharges = (query: PageParams & { thirdPartyId: string }) =>
  api.call('GET /tenant/thirdParty/recharge/list', { query });
export const createThirdParty = (body: ThirdPartyBody) => api.data('POST /tenant/thirdParty', { body });
export const updateThirdParty = (body: ThirdPartyBody & { thirdPartyId: string }) =>
  api.data('PUT /tenant/thirdParty', { body });
export const deleteThirdParties = (ids: readonly string[]) =>
  api.call('DELETE /tenant/thirdParty/:thirdPartyIds', { params: { thirdPartyIds: ids.join(',') } });
