import { z } from 'zod';
import { listQuerySchema, pageQuerySchema } from '../api.ts';

/** Dictionaries (spec section 2): their types, and the data of each in the four interface languages. */

/** Views carry null where a body may leave a text out: both are accepted back. */
const orEmpty = (value: string | null | undefined): string => value ?? '';

/** Dictionary data (section 3 dictionary entry; section 7 /system/dict/data). Labels in the four languages. */
export const dictLabelsSchema = z.object({
  'zh-CN': z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  en: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  fr: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  id: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
});
export const dictDataBodySchema = z.object({
  dictType: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(100)
    .regex(/^[a-z][a-z0-9_]*$/, 'validation.invalidFormat'),
  dictValue: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  labels: dictLabelsSchema,
  dictSort: z.number().int().min(0).max(9999).default(0),
  // Null, as the view shows them absent, is taken back as absent (a GET → PUT round trip works).
  cssClass: z.string().max(100).nullish(),
  listClass: z.enum(['default', 'primary', 'success', 'info', 'warning', 'danger']).default('default'),
  isDefault: z.enum(['Y', 'N']).default('N'),
  status: z.enum(['0', '1']).default('0'),
  remark: z.string().max(500).nullish(),
});
export const updateDictDataBodySchema = dictDataBodySchema.extend({ dictCode: z.string() });
export const dictDataViewSchema = dictDataBodySchema.extend({
  dictCode: z.string(),
  /** The label in the caller's language. */
  dictLabel: z.string(),
  cssClass: z.string().nullable(),
  remark: z.string().nullable(),
  createTime: z.string(),
});
export type DictDataView = z.infer<typeof dictDataViewSchema>;

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

export const dictDataListQuerySchema = pageQuerySchema.extend({
  dictType: z.string().max(100).optional(),
  dictLabel: z.string().max(100).optional(),
  status: z.enum(['0', '1']).optional(),
});
