import { z } from 'zod';
import { pageQuerySchema } from '../api.ts';
import { tenantSettingsSchema } from '../tenant-settings.ts';

export const tenantNameSchema = z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong');
export const tenantKindSchema = z.enum(['platform', 'utility']);
export type TenantKind = z.infer<typeof tenantKindSchema>;

/** The platform's own tenant (its operators): fixed, so that facts about no tenant can be filed under it. */
export const PLATFORM_TENANT_ID = '00000000-0000-7000-8000-000000000001';

/** Trial tenants (user type '02') run for this many days from creation. */
export const TRIAL_DAYS = 180;

export const tenantEventSchemas = {
  TenantCreated: {
    schemaVersion: 1,
    data: z.object({
      tenantId: z.uuid(),
      name: tenantNameSchema,
      kind: tenantKindSchema,
      trial: z.boolean(),
      createdAt: z.iso.datetime({ offset: true }),
      settings: tenantSettingsSchema,
    }),
  },
  TenantRenamed: {
    schemaVersion: 1,
    data: z.object({ tenantId: z.uuid(), name: tenantNameSchema }),
  },
  TenantSettingsChanged: {
    schemaVersion: 1,
    data: z.object({ tenantId: z.uuid(), settings: tenantSettingsSchema }),
  },
  /** Suspended: its users cannot log in, and their sessions end (code 100102000002). */
  TenantSuspended: { schemaVersion: 1, data: z.object({ tenantId: z.uuid() }) },
  TenantResumed: { schemaVersion: 1, data: z.object({ tenantId: z.uuid() }) },
  TenantLogoChanged: {
    schemaVersion: 1,
    data: z.object({ tenantId: z.uuid(), logoUrl: z.string().max(300) }),
  },
};

/** API bodies (also the browser's form validation). */
export const createTenantBodySchema = z.object({
  name: tenantNameSchema,
  trial: z.boolean().default(false),
  settings: tenantSettingsSchema.default(tenantSettingsSchema.parse({})),
  /** The tenant's first administrator: gets the administrator role and a random initial password. */
  admin: z
    .object({
      userName: z
        .string()
        .trim()
        .min(2, 'validation.userName.length')
        .max(30, 'validation.userName.length')
        .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'validation.userName.rules'),
      nickName: z.string().trim().min(1, 'validation.required').max(20, 'validation.tooLong'),
    })
    .optional(),
});
export type CreateTenantBody = z.input<typeof createTenantBodySchema>;

export const updateTenantBodySchema = z.object({
  tenantId: z.uuid(),
  version: z.number().int().min(0),
  name: tenantNameSchema.optional(),
  settings: tenantSettingsSchema.optional(),
});
export type UpdateTenantBody = z.input<typeof updateTenantBodySchema>;

/** A tenant as the read model returns it. */
export const tenantViewSchema = z.object({
  tenantId: z.uuid(),
  name: z.string(),
  status: z.enum(['active', 'suspended']),
  logoUrl: z.string().nullable(),
  kind: tenantKindSchema,
  trial: z.boolean(),
  userType: z.enum(['00', '02']),
  trialDaysLeft: z.number().int().nullable(),
  settings: tenantSettingsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TenantView = z.infer<typeof tenantViewSchema>;

/** A created tenant; with its first administrator's random initial password, answered this once. */
export const createdTenantSchema = tenantViewSchema.extend({
  admin: z.object({ userName: z.string(), initialPassword: z.string() }).optional(),
});
export type CreatedTenant = z.infer<typeof createdTenantSchema>;

export const tenantListQuerySchema = pageQuerySchema.extend({ name: z.string().max(50).optional() });
