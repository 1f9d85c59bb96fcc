import { z } from 'zod';
import { listQuerySchema, pageQuerySchema } from '../api.ts';

/** System configuration parameter (section 7 /system/config). Built-in ones (`configType` 'Y') cannot be deleted. */
export const configBodySchema = z.object({
  configName: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  configKey: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(100, 'validation.tooLong')
    .regex(/^[A-Za-z0-9_.-]+$/, 'validation.invalidFormat'),
  configValue: z.string().max(500, 'validation.tooLong'),
  configType: z.enum(['Y', 'N']).default('N'),
  // Null, as the view shows an absent remark, is taken back as absent (a GET → PUT round trip works).
  remark: z.string().max(500, 'validation.tooLong').nullish(),
});
export const updateConfigBodySchema = configBodySchema.extend({ configId: z.string() });
export const configViewSchema = configBodySchema.extend({
  configId: z.string(),
  remark: z.string().nullable(),
  createTime: z.string(),
});
export type ConfigView = z.infer<typeof configViewSchema>;

export const CONFIG_SORT_COLUMNS = ['configName', 'configKey', 'configType', 'createTime'] as const;
export const configListQuerySchema = pageQuerySchema.extend({
  configName: z.string().max(100).optional(),
  configKey: z.string().max(100).optional(),
  configType: z.enum(['Y', 'N']).optional(),
  ...listQuerySchema(CONFIG_SORT_COLUMNS).shape,
});
export type ConfigListQuery = z.infer<typeof configListQuerySchema>;

/** Configuration keys the identity code reads (seeded as built-in parameters). */
export const CONFIG_KEYS = {
  captchaEnabled: 'sys.account.captchaEnabled',
  maxRetryCount: 'sys.account.maxRetryCount',
  lockMinutes: 'sys.account.lockTime',
  initPassword: 'sys.user.initPassword',
} as const;
