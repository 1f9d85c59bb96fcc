import { z } from 'zod';
import { filterField } from '../../lib/listQuery.ts';

const CONFIG_TYPES = ['Y', 'N'] as const;
const STATUSES = ['0', '1'] as const;

/** The system parameters page's filters, as kept in the URL. */
export const configFilters = z.object({
  configName: filterField.text(100),
  configKey: filterField.text(100),
  configType: filterField.option(CONFIG_TYPES),
});

/** The dictionary page's filters, as kept in the URL. */
export const dictFilters = z.object({
  dictType: filterField.text(100),
  dictLabel: filterField.text(100),
  status: filterField.option(STATUSES),
});
