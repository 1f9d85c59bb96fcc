import { COUNTRIES, type PurchaseMethod } from '@hydrolog/schemas';
import { z } from 'zod';
import { filterField, type PageQuery } from '../../lib/listQuery.ts';

export const PURCHASE_METHODS = ['0', '1', '2'] as const satisfies readonly PurchaseMethod[];

/** The agents page's filter bar, as typed and as kept in the URL. */
export interface AgentFilters {
  userName: string;
  purchaseMethod: '' | PurchaseMethod;
}
export interface AgentQuery extends AgentFilters, PageQuery {}

export const agentFilters = z.object({
  userName: filterField.text(30),
  purchaseMethod: filterField.option(PURCHASE_METHODS),
});

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
export interface CarrierQuery extends CarrierFilters, PageQuery {}

export const carrierFilters = z.object({
  carrierName: filterField.text(50),
  // A two-letter country code, in capitals.
  country: filterField.text(2).transform((code) => (/^[A-Z]{2}$/i.test(code) ? code.toUpperCase() : '')),
});

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
export interface ThirdPartyQuery extends ThirdPartyFilters, PageQuery {}

export const thirdPartyFilters = z.object({ code: filterField.text(30), name: filterField.text(50) });

export const thirdPartyListQuery = (query: ThirdPartyQuery) => ({
  pageNum: query.pageNum,
  pageSize: query.pageSize,
  code: query.code.trim() || undefined,
  name: query.name.trim() || undefined,
});

/** The country select of the carrier screens: English name and dial code (the shared country table). */
export const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.dialCode})` }));
