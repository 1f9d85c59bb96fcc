import type { DictTypeBody, DictTypeView, NoticeBody, NoticeReading, NoticeView } from '@hydrolog/schemas';
import { request, requestData } from '../../../api/request.ts';

/** Notices of the tenant (spec section 2, /system/notice). */
export interface NoticeListQuery {
  pageNum: number;
  pageSize: number;
  noticeTitle?: string;
  noticeType?: NoticeView['noticeType'];
  status?: NoticeView['status'];
}

export const listNotices = (query: NoticeListQuery) =>
  request<{ code: number; total: number; rows: NoticeView[] }>('/system/notice/list', {
    query: { ...query },
  });

export const getNotice = (noticeId: string) => requestData<NoticeView>(`/system/notice/${noticeId}`);

export const createNotice = (body: NoticeBody) =>
  requestData<NoticeView>('/system/notice', { method: 'POST', body });

export const updateNotice = (body: NoticeBody & { noticeId: string }) =>
  requestData<NoticeView>('/system/notice', { method: 'PUT', body });

export const publishNotice = (noticeId: string) =>
  requestData<NoticeView>(`/system/notice/publish/${noticeId}`, { method: 'PUT' });

export const withdrawNotice = (noticeId: string) =>
  requestData<NoticeView>(`/system/notice/withdraw/${noticeId}`, { method: 'PUT' });

export const deleteNotices = (noticeIds: readonly string[]) =>
  request<{ code: number }>(`/system/notice/${noticeIds.join(',')}`, { method: 'DELETE' });

/** The notice centre: published notices with the caller's read state. */
export const noticeCentre = (query: { pageNum: number; pageSize: number; unread?: boolean }) =>
  request<{ code: number; total: number; unread: number; rows: NoticeReading[] }>(
    '/system/notice/center/list',
    {
      query: { ...query },
    },
  );

export const markNoticeRead = (noticeId: string) =>
  request<{ code: number }>(`/system/notice/center/read/${noticeId}`, { method: 'POST' });

/** Dictionary types (spec section 2; platform operators): numeric ids, entries hang under their key. */
export const listDictTypes = (query: { pageNum: number; pageSize: number; dictName?: string }) =>
  request<{ code: number; total: number; rows: DictTypeView[] }>('/system/dict/type/list', {
    query: { ...query },
  });

export const getDictType = (dictId: number) => requestData<DictTypeView>(`/system/dict/type/${dictId}`);

export const createDictType = (body: DictTypeBody) =>
  requestData<DictTypeView>('/system/dict/type', { method: 'POST', body });

export const updateDictType = (body: DictTypeBody & { dictId: number }) =>
  requestData<DictTypeView>('/system/dict/type', { method: 'PUT', body });

export const deleteDictType = (dictId: number) =>
  request<{ code: number }>(`/system/dict/type/${dictId}`, { method: 'DELETE' });
