import { z } from 'zod';
import { filterField } from '../../lib/listQuery.ts';

export const NOTICE_TYPES = ['1', '2'] as const;
export const NOTICE_STATUSES = ['draft', 'published', 'withdrawn'] as const;

/** The notices page's filters, as kept in the URL. */
export const noticeFilters = z.object({
  noticeTitle: filterField.text(50),
  noticeType: filterField.option(NOTICE_TYPES),
  status: filterField.option(NOTICE_STATUSES),
});

/** The notice centre's tabs (spec section 2): meter alarms arrive with the alarm screens. */
export const CENTRE_TABS = ['all', 'meter', 'system'] as const;
export type CentreTab = (typeof CENTRE_TABS)[number];

/** The tab of the notice centre: all messages unless another tab is chosen. */
export const centreFilters = z.object({
  tab: filterField.option(CENTRE_TABS).transform((tab): CentreTab => tab || 'all'),
});
