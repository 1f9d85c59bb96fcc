import { z } from 'zod';
import { filterField } from '../../lib/listQuery.ts';

const STATUSES = ['0', '1'] as const;

/** The roles page's filters, as kept in the URL. */
export const roleFilters = z.object({
  roleName: filterField.text(30),
  roleKey: filterField.text(50),
  status: filterField.option(STATUSES),
});
