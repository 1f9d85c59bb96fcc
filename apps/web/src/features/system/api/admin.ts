import type { DictTypeBody, NoticeBody, NoticeView } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';

/** Notices of the tenant (spec section 2, /system/notice). */
export interface NoticeListQuery {
  pageNum: number;
  pageSize: number;
  noticeTitle?: string;
  noticeType?: NoticeView['noticeType'];
  status?: NoticeView['status'];
}

export const listNotices = (query: NoticeListQuery) => api.call('GET /system/notice/list', { query });

export const getNotice = (noticeId: string) =>
  api.data('GET /system/notice/:noticeId', { params: { noticeId } });

export const createNotice = (body: NoticeBody) => api.data('POST /system/notice', { body });

export const updateNotice = (body: NoticeBody & { noticeId: string }) =>
  api.data('PUT /system/notice', { body });

export const publishNotice = (noticeId: string) =>
  api.data('PUT /system/notice/publish/:noticeId', { params: { noticeId } });

export const withdrawNotice = (noticeId: string) =>
  api.data('PUT /system/notice/withdraw/:noticeId', { params: { noticeId } });

export const deleteNotices = (noticeIds: readonly string[]) =>
  api.call('DELETE /system/notice/:noticeIds', { params: { noticeIds: noticeIds.join(',') } });

/** The notice centre: published notices with the caller's read state. */
export const noticeCentre = ({ unread, ...page }: { pageNum: number; pageSize: number; unread?: boolean }) =>
  api.call('GET /system/notice/center/list', {
    query: { ...page, unread: unread === undefined ? undefined : `${unread}` },
  });

export const markNoticeRead = (noticeId: string) =>
  api.call('POST /system/notice/center/read/:noticeId', { params: { noticeId } });

/** Dictionary types (spec section 2; platform operators): numeric ids, entries hang under their key. */
export const listDictTypes = (query: { pageNum: number; pageSize: number; dictName?: string }) =>
  api.call('GET /system/dict/type/list', { query });

export const getDictType = (dictId: number) =>
  api.data('GET /system/dict/type/:dictId', { params: { dictId: String(dictId) } });

export const createDictType = (body: DictTypeBody) => api.data('POST /system/dict/type', { body });

export const updateDictType = (body: DictTypeBody & { dictId: number }) =>
  api.data('PUT /system/dict/type', { body });

export const deleteDictType = (dictId: number) =>
  api.call('DELETE /system/dict/type/:dictIds', { params: { dictIds: String(dictId) } });
