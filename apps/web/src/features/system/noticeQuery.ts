import { z } from 'zod';
import { filterField, type PageQuery } from '../../lib/listQuery.ts';
import type { NoticeListQuery } from './api/admin.ts';

export const NOTICE_TYPES = ['1', '2'] as const;
export const NOTICE_STATUSES = ['draft', 'published', 'withdrawn'] as const;

/** The filter bar of the notices page, as typed. */
export interface NoticeFilters {
  noticeTitle: string;
  noticeType: '' | (typeof NOTICE_TYPES)[number];
  status: '' | (typeof NOTICE_STATUSES)[number];
}

export interface NoticeQuery extends NoticeFilters, PageQuery {}

export const noticeFilters = z.object({
  noticeTitle: filterField.text(50),
  noticeType: filterField.option(NOTICE_TYPES),
  status: filterField.option(NOTICE_STATUSES),
});

/** The query string of GET /system/notice/list. */
export function noticeListQuery(query: NoticeQuery): NoticeListQuery {
  return {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    noticeTitle: query.noticeTitle.trim() || undefined,
    noticeType: query.noticeType || undefined,
    status: query.status || undefined,
  };
}

/** The notice centre's tabs (spec section 2): meter alarms arrive with the alarm screens. */
export const CENTRE_TABS = ['all', 'meter', 'system'] as const;
export type CentreTab = (typeof CENTRE_TABS)[number];

/** The tab of the notice centre: all messages unless another tab is chosen. */
export const centreFilters = z.object({
  tab: filterField.option(CENTRE_TABS).transform((tab): CentreTab => tab || 'all'),
});
