import { z } from 'zod';
import { listEnvelopeSchema, pageQuerySchema } from '../api.ts';

/** Notices and announcements (spec section 2): written by administrators, read in the notice centre. */

/** 1 notice, 2 announcement (dictionary sys_notice_type). */
export const noticeTypeSchema = z.enum(['1', '2']);
export const noticeStatusSchema = z.enum(['draft', 'published', 'withdrawn']);
export type NoticeStatus = z.infer<typeof noticeStatusSchema>;

export const noticeBodySchema = z.object({
  noticeTitle: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
  noticeType: noticeTypeSchema,
  noticeContent: z.string().trim().min(1, 'validation.required').max(10_000, 'validation.tooLong'),
});
export type NoticeBody = z.input<typeof noticeBodySchema>;
export const updateNoticeBodySchema = noticeBodySchema.extend({ noticeId: z.uuid() });

export const noticeViewSchema = z.object({
  noticeId: z.string(),
  noticeTitle: z.string(),
  noticeType: noticeTypeSchema,
  noticeContent: z.string(),
  status: noticeStatusSchema,
  createBy: z.string(),
  createTime: z.string(),
  publishTime: z.string().nullable(),
});
export type NoticeView = z.infer<typeof noticeViewSchema>;

/** A published notice as one reader sees it in the notice centre. */
export const noticeReadingSchema = noticeViewSchema.extend({ read: z.boolean() });
export type NoticeReading = z.infer<typeof noticeReadingSchema>;

export const noticeListQuerySchema = pageQuerySchema.extend({
  noticeTitle: z.string().max(50).optional(),
  noticeType: noticeTypeSchema.optional(),
  status: noticeStatusSchema.optional(),
});

/** The notice centre's page: the published notices with the caller's read state, and how many are unread. */
export const noticeCenterQuerySchema = pageQuerySchema.extend({
  unread: z.enum(['true', 'false']).optional(),
});
export const noticeCenterListSchema = listEnvelopeSchema(noticeReadingSchema).extend({
  unread: z.number().int(),
});
