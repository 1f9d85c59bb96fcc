import { COUNTRIES, type PurchaseMethod } from '@hydrolog/schemas';
import { z } from 'zod';
import { filterField } from '../../lib/listQuery.ts';

export const PURCHASE_METHODS = ['0', '1', '2'] as const satisfies readonly PurchaseMethod[];

/** The agents page's filters, as kept in the URL. */
export const agentFilters = z.object({
  userName: filterField.text(30),
  purchaseMethod: filterField.option(PURCHASE_METHODS),
});

/** The carriers page's filters. */
export const carrierFilters = z.object({
  carrierName: filterField.text(50),
  // A two-letter country code, in capitals.
  country: filterField.text(2).transform((code) => (/^[A-Z]{2}$/i.test(code) ? code.toUpperCase() : '')),
});

/** The third-party platforms page's filters. */
export const thirdPartyFilters = z.object({ code: filterField.text(30), name: filterField.text(50) });

/** The country select of the carrier screens: English name and dial code (the shared country table). */
export const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.dialCode})` }));
