import { z } from 'zod';
import { listQuerySchema } from '../api.ts';
import { meterNoSchema } from './meters.ts';

/** Meter groups: a tenant's named sets of meters. */

export const meterGroupBodySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
  remark: z.string().trim().max(100, 'validation.tooLong').optional(),
});
export type MeterGroupBody = z.infer<typeof meterGroupBodySchema>;

/** Meters added to a group by number (typed or pasted, separated by English commas). */
export const groupMeterNosSchema = z.object({
  meterNos: z.array(meterNoSchema).min(1, 'validation.required').max(1000, 'validation.tooMany'),
});

export const meterGroupViewSchema = z.object({
  groupId: z.uuid(),
  name: z.string(),
  remark: z.string().nullable(),
  meterCount: z.number().int(),
  createTime: z.string(),
  version: z.number().int(),
});
export type MeterGroupView = z.infer<typeof meterGroupViewSchema>;

/** The columns the meter group list sorts by. */
export const METER_GROUP_SORT_COLUMNS = ['name', 'remark', 'meterCount', 'createTime'] as const;
export const meterGroupListQuerySchema = z.object({
  name: z.string().max(50).optional(),
  ...listQuerySchema(METER_GROUP_SORT_COLUMNS).shape,
});
export type MeterGroupListQuery = z.infer<typeof meterGroupListQuerySchema>;

export const meterGroupEventSchemas = {
  MeterGroupCreated: {
    schemaVersion: 1,
    data: z.object({
      groupId: z.uuid(),
      tenantId: z.uuid(),
      ...meterGroupBodySchema.shape,
      createdAt: z.iso.datetime(),
    }),
  },
  MeterGroupChanged: {
    schemaVersion: 1,
    data: z.object({ groupId: z.uuid(), ...meterGroupBodySchema.shape }),
  },
  MeterGroupDeleted: { schemaVersion: 1, data: z.object({ groupId: z.uuid() }) },
  MeterGroupMetersAdded: {
    schemaVersion: 1,
    data: z.object({ groupId: z.uuid(), meterIds: z.array(z.uuid()).min(1) }),
  },
  MeterGroupMetersRemoved: {
    schemaVersion: 1,
    data: z.object({ groupId: z.uuid(), meterIds: z.array(z.uuid()).min(1) }),
  },
};
