import { z } from 'zod';
import { filterField } from '../../lib/listQuery.ts';

const STATUSES = ['0', '1'] as const;

/** The filters of the URL search params. */
export const userFilters = z.object({
  userName: filterField.text(30),
  phonenumber: filterField.text(11),
  status: filterField.option(STATUSES),
});
