import { z } from 'zod';
import { listQuerySchema, pageQuerySchema } from '../api.ts';
import { dictLabelsSchema } from './account.ts';

/**
 * Platform administration (spec section 2): menus as data and notices. Bodies, views and events.
 */

/** Spec section 2: an external link is recognised by its http(s), mailto or tel prefix. */
export const EXTERNAL_LINK = /^(https?:|mailto:|tel:)/;
export const isExternalLink = (path: string): boolean => EXTERNAL_LINK.test(path);

// ---- Menus -----------------------------------------------------------------------------------------------

/** Titles of a menu entry in the four interface languages. */
export const menuTitlesSchema = dictLabelsSchema;
export type MenuTitles = z.infer<typeof menuTitlesSchema>;
export const menuTypeSchema = z.enum(['M', 'C', 'F']);

const menuPathSchema = z
  .string()
  .trim()
  .max(200, 'validation.tooLong')
  .refine(
    (p) => p === '' || isExternalLink(p) || /^[A-Za-z][A-Za-z0-9_-]*$/.test(p),
    'validation.invalidFormat',
  );

/** Views carry null where a body may leave a text out: both are accepted back. */
const orEmpty = (value: string | null | undefined): string => value ?? '';

/** What an operator sets on a menu entry. */
export const menuBodySchema = z
  .object({
    parentId: z.string().max(100).nullable().default(null),
    menuType: menuTypeSchema,
    titles: menuTitlesSchema,
    /** Path segment of a directory or page, or an external link (http(s), mailto, tel). */
    path: menuPathSchema.default(''),
    /** The page component the web app shows (a catalogue component id). */
    component: z.string().trim().max(200, 'validation.tooLong').nullish().transform(orEmpty),
    perms: z
      .string()
      .trim()
      .max(100, 'validation.tooLong')
      .regex(/^$|^[A-Za-z][A-Za-z0-9_]*(:[A-Za-z][A-Za-z0-9_]*)*$/, 'validation.invalidFormat')
      .nullish()
      .transform(orEmpty),
    icon: z.string().trim().max(100, 'validation.tooLong').nullish().transform(orEmpty),
    orderNum: z.number().int().min(0).max(9999).default(0),
    visible: z.boolean().default(true),
    isCache: z.boolean().default(true),
    /** Top directories only: shown to platform operators alone (entries below inherit it). */
    platformOnly: z.boolean().default(false),
  })
  .refine((m) => m.menuType === 'F' || m.path !== '', { message: 'validation.required', path: ['path'] })
  .refine((m) => m.menuType !== 'C' || m.component !== '' || isExternalLink(m.path), {
    message: 'validation.required',
    path: ['component'],
  })
  .refine((m) => m.menuType !== 'F' || m.perms !== '', { message: 'validation.required', path: ['perms'] });
export type MenuBody = z.input<typeof menuBodySchema>;
export const updateMenuBodySchema = z.intersection(menuBodySchema, z.object({ menuId: z.string().max(100) }));

const menuFields = {
  parentId: z.string().nullable(),
  menuType: menuTypeSchema,
  titles: menuTitlesSchema,
  path: z.string(),
  component: z.string().nullable(),
  perms: z.string().nullable(),
  icon: z.string().nullable(),
  orderNum: z.number().int(),
  visible: z.boolean(),
  isCache: z.boolean(),
  link: z.string().nullable(),
  platformOnly: z.boolean(),
};

export const menuViewSchema = z.object({
  menuId: z.string(),
  ...menuFields,
  /** The title in the caller's language. */
  menuName: z.string(),
  /** Entries of the catalogue: code relies on their path, component and permission string. */
  builtIn: z.boolean(),
  createTime: z.string(),
});
export type MenuView = z.infer<typeof menuViewSchema>;

// ---- Notices ----------------------------------------------------------------------------------------------

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

// ---- Dictionary types ------------------------------------------------------------------------------------

/** The key code reads a dictionary by (sys_user_sex, meter_alarm_type): the dictType of its data. */
export const dictTypeKeySchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(100, 'validation.tooLong')
  .regex(/^[a-z][a-z0-9_]*$/, 'validation.invalidFormat');

export const dictTypeBodySchema = z.object({
  dictName: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  dictType: dictTypeKeySchema,
  status: z.enum(['0', '1']).default('0'),
  remark: z.string().trim().max(500, 'validation.tooLong').nullish().transform(orEmpty),
});
export type DictTypeBody = z.input<typeof dictTypeBodySchema>;
export const updateDictTypeBodySchema = dictTypeBodySchema.extend({ dictId: z.number().int().positive() });

export const dictTypeViewSchema = z.object({
  /** Numeric, as the /dict/type/data/{dictId} route of spec section 2 has it. */
  dictId: z.number().int(),
  dictName: z.string(),
  dictType: z.string(),
  status: z.enum(['0', '1']),
  remark: z.string().nullable(),
  dataCount: z.number().int(),
  createTime: z.string(),
});
export type DictTypeView = z.infer<typeof dictTypeViewSchema>;

export const DICT_TYPE_SORT_COLUMNS = ['dictId', 'dictName', 'dictType', 'createTime'] as const;
export const dictTypeListQuerySchema = pageQuerySchema.extend({
  dictName: z.string().max(100).optional(),
  dictType: z.string().max(100).optional(),
  status: z.enum(['0', '1']).optional(),
  ...listQuerySchema(DICT_TYPE_SORT_COLUMNS).shape,
});
export type DictTypeListQuery = z.infer<typeof dictTypeListQuerySchema>;

const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });

export const adminEventSchemas = {
  MenuCreated: eventSchema(z.object({ menuId: z.string().min(1), ...menuFields, builtIn: z.boolean() })),
  MenuChanged: eventSchema(z.object({ menuId: z.string().min(1), ...menuFields })),
  MenuDeleted: eventSchema(z.object({ menuId: z.string().min(1) })),
  NoticeCreated: eventSchema(
    z.object({
      noticeId: z.uuid(),
      tenantId: z.uuid(),
      ...noticeBodySchema.shape,
      createBy: z.string(),
      createdAt: z.string(),
    }),
  ),
  NoticeChanged: eventSchema(z.object({ noticeId: z.uuid(), ...noticeBodySchema.shape })),
  NoticePublished: eventSchema(z.object({ noticeId: z.uuid(), at: z.string() })),
  NoticeWithdrawn: eventSchema(z.object({ noticeId: z.uuid(), at: z.string() })),
  NoticeDeleted: eventSchema(z.object({ noticeId: z.uuid() })),
  NoticeRead: eventSchema(z.object({ noticeId: z.uuid(), userId: z.uuid(), at: z.string() })),
  DictTypeSaved: eventSchema(
    z.object({
      dictId: z.number().int().positive(),
      dictName: z.string(),
      dictType: z.string(),
      status: z.enum(['0', '1']),
      remark: z.string().nullable(),
    }),
  ),
  DictTypeDeleted: eventSchema(z.object({ dictId: z.number().int().positive() })),
};
