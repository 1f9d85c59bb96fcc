import type {
  AgentMovementView,
  AgentRechargeBody,
  AgentView,
  AgentWithdrawBody,
  CarrierBody,
  CarrierView,
  PurchaseMethod,
  RegionBody,
  RegionView,
  ThirdPartyBody,
  ThirdPartyView,
} from '@hydrolog/schemas';
import { request, requestData } from '../../../api/request.ts';

type Page<T> = { code: number; total: number; rows: T[] };
interface PageParams {
  pageNum: number;
  pageSize: number;
}

/** Agents (spec sections 2 and 9; platform operators). */
export const listAgents = (query: PageParams & { userName?: string; purchaseMethod?: PurchaseMethod }) =>
  request<Page<AgentView>>('/system/agent/list', { query: { ...query } });

export const agentMovements = (query: PageParams & { userId: string }) =>
  request<Page<AgentMovementView>>('/system/agent/movements', { query: { ...query } });

export const setPurchaseMethod = (userId: string, purchaseMethod: PurchaseMethod) =>
  requestData<AgentView>('/system/agent/purchaseMethod', { method: 'PUT', body: { userId, purchaseMethod } });

export const agentRecharge = (body: AgentRechargeBody) =>
  requestData<AgentView>('/system/user/agentRecharge', { method: 'POST', body });

export const agentWithdraw = (body: AgentWithdrawBody) =>
  requestData<AgentView>('/system/user/agentWithdraw', { method: 'POST', body });

/** Mobile carriers. */
export const listCarriers = (query: PageParams & { carrierName?: string; country?: string }) =>
  request<Page<CarrierView>>('/tenant/carrier/list', { query: { ...query } });
export const createCarrier = (body: CarrierBody) =>
  requestData<CarrierView>('/tenant/carrier', { method: 'POST', body });
export const updateCarrier = (body: CarrierBody & { carrierId: string }) =>
  requestData<CarrierView>('/tenant/carrier', { method: 'PUT', body });
export const deleteCarriers = (ids: readonly string[]) =>
  request<{ code: number }>(`/tenant/carrier/${ids.join(',')}`, { method: 'DELETE' });

/** Regions: a flat list, parentId makes the tree. */
export const listRegions = (query: { regionName?: string } = {}) =>
  requestData<RegionView[]>('/tenant/region/list', { query });
export const createRegion = (body: RegionBody) =>
  requestData<RegionView>('/tenant/region', { method: 'POST', body });
export const updateRegion = (body: RegionBody & { regionId: string }) =>
  requestData<RegionView>('/tenant/region', { method: 'PUT', body });
export const deleteRegion = (regionId: string) =>
  request<{ code: number }>(`/tenant/region/${regionId}`, { method: 'DELETE' });

/** Third-party platforms and their recharge records. */
export const listThirdParties = (query: PageParams & { code?: string; name?: string }) =>
  request<Page<ThirdPartyView>>('/tenant/thirdParty/list', { query: { ...query } });
export const thirdPartyRecharges = (query: PageParams & { thirdPartyId: string }) =>
  request<Page<AgentMovementView>>('/tenant/thirdParty/recharge/list', { query: { ...query } });
export const createThirdParty = (body: ThirdPartyBody) =>
  requestData<ThirdPartyView>('/tenant/thirdParty', { method: 'POST', body });
export const updateThirdParty = (body: ThirdPartyBody & { thirdPartyId: string }) =>
  requestData<ThirdPartyView>('/tenant/thirdParty', { method: 'PUT', body });
export const deleteThirdParties = (ids: readonly string[]) =>
  request<{ code: number }>(`/tenant/thirdParty/${ids.join(',')}`, { method: 'DELETE' });
