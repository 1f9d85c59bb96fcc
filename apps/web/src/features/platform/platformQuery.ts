import { COUNTRIES, type PurchaseMethod } from '@hydrolog/schemas';
import { type PageQuery, parsePage, queryOption, queryText } from '../../lib/listQuery.ts';

export const PURCHASE_METHODS = ['0', '1', '2'] as const satisfies readonly PurchaseMethod[];

/** The agents page's filter bar, as typed and as kept in the URL. */
export interface AgentFilters {
  userName: string;
  purchaseMethod: '' | PurchaseMethod;
}
export const EMPTY_AGENT_FILTERS: AgentFilters = { userName: '', purchaseMethod: '' };
export interface AgentQuery extends AgentFilters, PageQuery {}

export function parseAgentQuery(search: Record<string, unknown>): AgentQuery {
  return {
    userName: queryText(search.userName, 30),
    purchaseMethod: queryOption(search.purchaseMethod, PURCHASE_METHODS),
    ...parsePage(search),
  };
}

/** The query string of GET /system/agent/list. */
export const agentListQuery = (query: AgentQuery) => ({
  pageNum: query.pageNum,
  pageSize: query.pageSize,
  userName: query.userName.trim() || undefined,
  purchaseMethod: query.purchaseMethod || undefined,
});

/** The carriers page's filter bar. */
export interface CarrierFilters {
  carrierName: string;
  country: string;
}
export const EMPTY_CARRIER_FILTERS: CarrierFilters = { carrierName: '', country: '' };
export interface CarrierQuery extends CarrierFilters, PageQuery {}

export function parseCarrierQuery(search: Record<string, unknown>): CarrierQuery {
  const country = queryText(search.country, 2).toUpperCase();
  return {
    carrierName: queryText(search.carrierName, 50),
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    ...parsePage(search),
  };
}

export const carrierListQuery = (query: CarrierQuery) => ({
  pageNum: query.pageNum,
  pageSize: query.pageSize,
  carrierName: query.carrierName.trim() || undefined,
  country: query.country || undefined,
});

/** The third-party platforms page's filter bar. */
export interface ThirdPartyFilters {
  code: string;
  name: string;
}
export const EMPTY_THIRD_PARTY_FILTERS: ThirdPartyFilters = { code: '', name: '' };
export interface ThirdPartyQuery extends ThirdPartyFilters, PageQuery {}

export function parseThirdPartyQuery(search: Record<string, unknown>): ThirdPartyQuery {
  return { code: queryText(search.code, 30), name: queryText(search.name, 50), ...parsePage(search) };
}

export const thirdPartyListQuery = (query: ThirdPartyQuery) => ({
  pageNum: query.pageNum,
  pageSize: query.pageSize,
  code: query.code.trim() || undefined,
  name: query.name.trim() || undefined,
});

/** The country select of the carrier screens: English name and dial code (the shared country table). */
export const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.dialCode})` }));
