import { type PageQuery, parsePage, queryOption, queryText } from '../../lib/listQuery.ts';
import type { NoticeListQuery } from './api/admin.ts';

export const NOTICE_TYPES = ['1', '2'] as const;
export const NOTICE_STATUSES = ['draft', 'published', 'withdrawn'] as const;

/** The filter bar of the notices page, as typed. */
export interface NoticeFilters {
  noticeTitle: string;
  noticeType: '' | (typeof NOTICE_TYPES)[number];
  status: '' | (typeof NOTICE_STATUSES)[number];
}

export const EMPTY_NOTICE_FILTERS: NoticeFilters = { noticeTitle: '', noticeType: '', status: '' };

export interface NoticeQuery extends NoticeFilters, PageQuery {}

/** Reads the query from URL search params; anything invalid falls back to its default. */
export function parseNoticeQuery(search: Record<string, unknown>): NoticeQuery {
  return {
    noticeTitle: queryText(search.noticeTitle, 50),
    noticeType: queryOption(search.noticeType, NOTICE_TYPES),
    status: queryOption(search.status, NOTICE_STATUSES),
    ...parsePage(search),
  };
}

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

export interface CentreQuery extends PageQuery {
  tab: CentreTab;
}

export function parseCentreQuery(search: Record<string, unknown>): CentreQuery {
  return { tab: queryOption(search.tab, CENTRE_TABS) || 'all', ...parsePage(search) };
}
