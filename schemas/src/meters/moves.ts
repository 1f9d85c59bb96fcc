import { z } from 'zod';
import { sortQuerySchema } from '../api.ts';

/** Meter moves between tenants (platform operators). */

/** At most this many meters move in one request. */
export const METER_MOVE_MAX = 1000;

/**
 * POST /tenant/meterMove: move meters (each with its open account) from one tenant to another. Meter types
 * and customer types belong to a tenant, so the moved meters take a meter type of the target tenant and
 * their accounts a customer type of it; that is why the selected meters must share both on the source side.
 */
export const meterMoveBodySchema = z
  .object({
    sourceTenantId: z.uuid('validation.required'),
    targetTenantId: z.uuid('validation.required'),
    meterIds: z.array(z.uuid()).min(1, 'error.meterMove.noMeter').max(METER_MOVE_MAX, 'validation.tooBig'),
    /** The target tenant's customer type of the moved accounts. */
    customerTypeId: z.uuid('validation.required'),
    /** The target tenant's meter type of the moved meters. */
    meterTypeId: z.uuid('validation.required'),
    reason: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    /** Who to call at the target tenant about the moved meters. */
    adminContact: z.string().trim().max(50, 'validation.tooLong').optional(),
  })
  .refine((b) => b.sourceTenantId !== b.targetTenantId, {
    message: 'error.meterMove.sameTenant',
    path: ['targetTenantId'],
  });
export type MeterMoveBody = z.input<typeof meterMoveBodySchema>;

/** The meters of a source tenant that can be picked, filtered by their customer type and meter type. */
export const meterMoveCandidateQuerySchema = z.object({
  sourceTenantId: z.uuid('validation.required'),
  customerTypeId: z.uuid('validation.required'),
  meterTypeId: z.uuid().optional(),
  meterNo: z.string().max(32).optional(),
});
export type MeterMoveCandidateQuery = z.infer<typeof meterMoveCandidateQuerySchema>;

export const meterMoveCandidateSchema = z.object({
  meterId: z.uuid(),
  meterNo: z.string(),
  meterTypeId: z.string(),
  meterTypeName: z.string(),
  accountNo: z.string(),
  customerName: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
});
export type MeterMoveCandidate = z.infer<typeof meterMoveCandidateSchema>;

/** A utility tenant meters can move from or to. */
export const tenantOptionSchema = z.object({ tenantId: z.uuid(), name: z.string() });
export type TenantOption = z.infer<typeof tenantOptionSchema>;

/** A tenant's meter types and customer types, for the move form's selects. */
export const tenantTypesSchema = z.object({
  meterTypes: z.array(z.object({ meterTypeId: z.string(), name: z.string() })),
  customerTypes: z.array(z.object({ customerTypeId: z.string(), name: z.string() })),
});
export type TenantTypes = z.infer<typeof tenantTypesSchema>;

/** One moved meter (spec section 3: tenant name and number, meter type, customer type, meter number,
 * account, address, phone, reason, administrator contact). */
export const meterMoveViewSchema = z.object({
  moveId: z.string(),
  meterId: z.uuid(),
  meterNo: z.string(),
  fromTenantId: z.string(),
  fromTenantName: z.string(),
  toTenantId: z.string(),
  toTenantName: z.string(),
  fromMeterTypeName: z.string(),
  meterTypeName: z.string(),
  customerTypeName: z.string().nullable(),
  accountNo: z.string().nullable(),
  customerName: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  reason: z.string(),
  adminContact: z.string().nullable(),
  movedAt: z.string(),
  operator: z.string().nullable(),
});
export type MeterMoveView = z.infer<typeof meterMoveViewSchema>;

/** The columns the meter move record sorts by. */
export const METER_MOVE_SORT_COLUMNS = [
  'meterNo',
  'fromTenantName',
  'toTenantName',
  'meterTypeName',
  'customerTypeName',
  'accountNo',
  'customerName',
  'reason',
  'operator',
  'movedAt',
] as const;
export const meterMoveListQuerySchema = z.object({
  /** Meter or account number (part of it). */
  meterNo: z.string().max(32).optional(),
  /** Moved from or to this tenant. */
  tenantId: z.uuid().optional(),
  fromDay: z.iso.date('validation.date').optional(),
  toDay: z.iso.date('validation.date').optional(),
  ...sortQuerySchema(METER_MOVE_SORT_COLUMNS).shape,
});
export type MeterMoveListQuery = z.infer<typeof meterMoveListQuerySchema>;

export const meterMoveEventSchemas = {
  /**
   * The meter now belongs to another tenant, with its reading history and, when it was on an open account,
   * that account (a `CustomerMoved` in the same append). The account fields are the record's snapshot.
   */
  MeterMoved: {
    schemaVersion: 1,
    data: z.object({
      meterId: z.uuid(),
      meterNo: z.string(),
      fromTenantId: z.uuid(),
      toTenantId: z.uuid(),
      fromMeterTypeId: z.uuid(),
      meterTypeId: z.uuid(),
      customerId: z.uuid().nullable(),
      customerTypeId: z.uuid().nullable(),
      accountNo: z.string().nullable(),
      customerName: z.string().nullable(),
      address: z.string().nullable(),
      phone: z.string().nullable(),
      reason: z.string(),
      adminContact: z.string().nullable(),
      movedAt: z.iso.datetime(),
    }),
  },
};
