import { z } from 'zod';
import { listQuerySchema } from '../api.ts';
import { phoneSchema } from '../identity/index.ts';
import { valveCommandViewSchema, valveStateSchema } from '../meters/index.ts';

/**
 * Customer types and customer accounts (spec sections 3, 4, 5 and 8): bodies shared by the open-account
 * form and the server, the account's events and the views the back office reads.
 */

// ---- Customer types ----------------------------------------------------------------------------------

/** Customer type name: under 50 characters (spec section 5), unique in the tenant. */
export const customerTypeNameSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(49, 'validation.tooLong');
const remarkSchema = z.string().trim().max(100, 'validation.tooLong');

export const customerTypeBodySchema = z.object({
  name: customerTypeNameSchema,
  remark: remarkSchema.optional(),
});
export type CustomerTypeBody = z.input<typeof customerTypeBodySchema>;
export const updateCustomerTypeBodySchema = customerTypeBodySchema.extend({
  customerTypeId: z.uuid(),
  version: z.number().int().min(0),
});

export const customerTypeViewSchema = z.object({
  customerTypeId: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  customerCount: z.number().int(),
  createTime: z.string(),
  version: z.number().int(),
});
export type CustomerTypeView = z.infer<typeof customerTypeViewSchema>;

/** The columns the customer type list sorts by. */
export const CUSTOMER_TYPE_SORT_COLUMNS = ['name', 'remark', 'customerCount', 'createTime'] as const;
/** The customer type list and its export: a name filter and the sort. */
export const customerTypeListQuerySchema = z.object({
  name: z.string().trim().max(49).optional(),
  ...listQuerySchema(CUSTOMER_TYPE_SORT_COLUMNS).shape,
});
export type CustomerTypeListQuery = z.infer<typeof customerTypeListQuerySchema>;

// ---- Customers ---------------------------------------------------------------------------------------

/** Nature of use: 0 personal, 1 enterprise, 2 statistics. */
export const customerNatureSchema = z.enum(['0', '1', '2']);
/** Id type 0 or 1 (spec section 3). */
export const idTypeSchema = z.enum(['0', '1']);
/** Pay channel: 0 and 1 the two mobile-wallet payment types, 2 bank card, 3 cash. */
export const payChannelSchema = z.enum(['0', '1', '2', '3']);
export const waterUseSchema = z.enum(['domestic', 'commercial', 'industrial', 'public']);
export const businessModeSchema = z.enum(['prepaid', 'postpaid']);
export const customerStatusSchema = z.enum(['active', 'frozen', 'cancelled']);
export type CustomerStatus = z.infer<typeof customerStatusSchema>;
export const ACCOUNT_NO_PATTERN = /^[0-9A-Za-z-]{1,32}$/;
export const accountNoSchema = z.string().trim().regex(ACCOUNT_NO_PATTERN, 'validation.accountNo');

/** A number with at most two decimals (money, rates in %), whatever its sign. */
export const hasTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
/** The largest amount of money a body takes. */
export const AMOUNT_MAXIMUM = 99_999_999;
/** An amount of money: at most two decimals (spec section 5). */
export const amountSchema = z
  .number()
  .min(0, 'validation.tooSmall')
  .max(AMOUNT_MAXIMUM, 'validation.tooBig')
  .refine(hasTwoDecimals, { message: 'validation.twoDecimals' });
/** A sum paid in or out (recharges, refunds): greater than zero, at most two decimals. */
export const positiveAmountSchema = amountSchema.refine((n) => n > 0, {
  message: 'validation.rechargePositive',
});

/** Attachments are images uploaded through POST /business/customer/attachment. */
export const attachmentUrlSchema = z
  .string()
  .regex(/^\/uploads\/customer\/[\w-]+\.(png|jpg)$/, 'validation.invalidFormat');

/** The account holder: who the account is transferred to, too. */
export const holderSchema = z.object({
  name: z.string().trim().min(2, 'validation.customerName').max(20, 'validation.customerName'),
  phone: phoneSchema,
  idType: idTypeSchema.default('0'),
  idNumber: z
    .string()
    .regex(/^\d{18}$/, 'validation.idNumber')
    .optional(),
  address: z.string().trim().max(200, 'validation.tooLong').optional(),
  nature: customerNatureSchema.default('0'),
  /** Enterprise nature: company name, credit code and legal representative are required. */
  companyName: z.string().trim().max(100, 'validation.tooLong').optional(),
  creditCode: z
    .string()
    .regex(/^[0-9A-Z]{18}$/, 'validation.creditCode')
    .optional(),
  legalRepresentative: z.string().trim().max(20, 'validation.tooLong').optional(),
});
export type Holder = z.infer<typeof holderSchema>;

function requireEnterpriseFields(
  value: {
    nature: string;
    companyName?: string | undefined;
    creditCode?: string | undefined;
    legalRepresentative?: string | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (value.nature !== '1') return;
  for (const field of ['companyName', 'creditCode', 'legalRepresentative'] as const)
    if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
}

const accountFields = {
  customerTypeId: z.uuid(),
  waterUse: waterUseSchema.default('domestic'),
  businessMode: businessModeSchema.default('prepaid'),
  countVolume: z.boolean().default(true),
  billing: z.boolean().default(true),
  /** A price scheme of the tenant: what the account's water is charged at. */
  priceSchemeId: z.uuid().optional(),
  payChannel: payChannelSchema.default('3'),
  purchaseLimit: amountSchema.optional(),
  arrearsCloseThreshold: amountSchema.optional(),
  balanceThreshold: amountSchema.optional(),
  agentInfo: z.string().trim().max(100, 'validation.tooLong').optional(),
  remarks: remarkSchema.optional(),
  attachments: z.array(attachmentUrlSchema).max(10, 'validation.tooBig').default([]),
};

/** POST /business/customer: open an account with a meter. The account number may be left out when the
 * tenant generates them (`accountNoGenMode`). */
export const openAccountBodySchema = z
  .object({
    accountNo: accountNoSchema.optional(),
    ...holderSchema.shape,
    ...accountFields,
    meterId: z.uuid(),
    /**
     * The tenant's local day the account opened (the spec's open time), when it is earlier than today: a
     * holder who has drawn water on the meter since then is billed for it. Left out, the account opens now.
     */
    openedOn: z.iso.date('validation.date').optional(),
  })
  .superRefine(requireEnterpriseFields);
export type OpenAccountBody = z.input<typeof openAccountBodySchema>;
export type OpenAccount = z.output<typeof openAccountBodySchema>;

/** PUT /business/customer/transfer: the account passes to a new holder. */
export const transferBodySchema = z
  .object({ customerId: z.uuid(), version: z.number().int().min(0), ...holderSchema.shape })
  .superRefine(requireEnterpriseFields);
export type TransferBody = z.input<typeof transferBodySchema>;

/** PUT /business/customer/priceScheme: the account's water is charged at another scheme from now on. */
export const changePriceSchemeBodySchema = z.object({
  customerId: z.uuid(),
  version: z.number().int().min(0),
  priceSchemeId: z.uuid(),
});
export type ChangePriceSchemeBody = z.input<typeof changePriceSchemeBodySchema>;

/** Freeze, unfreeze and cancel name the account and the version the caller saw. */
export const customerActionBodySchema = z.object({ customerId: z.uuid(), version: z.number().int().min(0) });

/** POST /business/customer/recharge: money onto the account (greater than zero, two decimals). */
export const rechargeBodySchema = z.object({
  accountNo: accountNoSchema,
  amount: positiveAmountSchema,
  payChannel: payChannelSchema,
});
export type RechargeBody = z.input<typeof rechargeBodySchema>;
/** POST /business/customer/refund: the whole remaining balance goes back to the holder. */
export const refundBodySchema = z.object({ accountNo: accountNoSchema, payChannel: payChannelSchema });

/** The columns the customer list sorts by. */
export const CUSTOMER_SORT_COLUMNS = [
  'accountNo',
  'name',
  'phone',
  'customerTypeName',
  'meterNo',
  'balance',
  'status',
  'openTime',
] as const;
export const customerListQuerySchema = z.object({
  accountNo: z.string().trim().max(32).optional(),
  name: z.string().trim().max(20).optional(),
  phone: z.string().trim().max(11).optional(),
  meterNo: z.string().trim().max(32).optional(),
  customerTypeId: z.uuid().optional(),
  status: customerStatusSchema.optional(),
  ...listQuerySchema(CUSTOMER_SORT_COLUMNS).shape,
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerRowSchema = z.object({
  customerId: z.string(),
  accountNo: z.string(),
  name: z.string(),
  phone: z.string(),
  nature: customerNatureSchema,
  customerTypeId: z.string(),
  customerTypeName: z.string().nullable(),
  meterId: z.string(),
  meterNo: z.string(),
  meterTypeName: z.string().nullable(),
  valveControl: z.boolean(),
  balance: z.number(),
  status: customerStatusSchema,
  openTime: z.string(),
  lastValveCommand: valveCommandViewSchema.nullable(),
  /** The valve as the meter last reported it, and when (beside the command, which may be newer). */
  valve: valveStateSchema.nullable(),
  lastReportAt: z.string().nullable(),
  version: z.number().int(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const customerViewSchema = customerRowSchema.extend({
  idType: idTypeSchema,
  idNumber: z.string().nullable(),
  address: z.string().nullable(),
  companyName: z.string().nullable(),
  creditCode: z.string().nullable(),
  legalRepresentative: z.string().nullable(),
  waterUse: waterUseSchema,
  businessMode: businessModeSchema,
  countVolume: z.boolean(),
  billing: z.boolean(),
  priceSchemeId: z.string().nullable(),
  payChannel: payChannelSchema,
  purchaseLimit: z.number().nullable(),
  arrearsCloseThreshold: z.number().nullable(),
  balanceThreshold: z.number().nullable(),
  agentInfo: z.string().nullable(),
  remarks: z.string().nullable(),
  attachments: z.array(z.string()),
});
export type CustomerView = z.infer<typeof customerViewSchema>;

/** One step of the account's history, read from its event stream. */
export const customerHistoryEntrySchema = z.object({
  eventId: z.string(),
  type: z.string(),
  at: z.string(),
  operator: z.string().nullable(),
  /** Amount of a recharge or refund; new holder of a transfer; meter of a meter change. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  valveCommand: valveCommandViewSchema.nullable(),
});
export type CustomerHistoryEntry = z.infer<typeof customerHistoryEntrySchema>;

/** A meter of the tenant that no active account holds (the open-account form's meter picker). */
export const freeMeterSchema = z.object({
  meterId: z.string(),
  meterNo: z.string(),
  meterTypeId: z.string(),
  meterTypeName: z.string(),
  valveControl: z.boolean(),
  billingMode: businessModeSchema,
});
export type FreeMeter = z.infer<typeof freeMeterSchema>;

/** The answer of a batch open: rows opened and every refused row with its number and reason. */
export const importReportSchema = z.object({
  opened: z.number().int(),
  failed: z.array(z.object({ row: z.number().int(), reason: z.string() })),
});
export type ImportReport = z.infer<typeof importReportSchema>;
/** Batch open: one customer type and one meter type per batch (spec section 5). */
export const importQuerySchema = z.object({
  customerTypeId: z.uuid(),
  meterTypeId: z.uuid(),
  priceSchemeId: z.uuid().optional(),
});

// ---- Events ------------------------------------------------------------------------------------------

const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });
const moneySchema = z.number().min(0);

/**
 * What a recharge paid before the rest reached the balance: a debt plan's instalment or a due personal
 * surcharge (each in cents, as the decider split the recharge).
 */
export const rechargeDeductionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('debt'),
    debtId: z.uuid(),
    feeName: z.string(),
    amountCents: z.number().int().positive(),
  }),
  z.object({
    kind: z.literal('surcharge'),
    chargingItemId: z.uuid(),
    name: z.string(),
    amountCents: z.number().int().positive(),
  }),
]);
export type RechargeDeduction = z.infer<typeof rechargeDeductionSchema>;

export const customerEventSchemas = {
  CustomerTypeCreated: eventSchema(
    z.object({
      customerTypeId: z.uuid(),
      tenantId: z.uuid(),
      name: customerTypeNameSchema,
      remark: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
  CustomerTypeChanged: eventSchema(
    z.object({ customerTypeId: z.uuid(), name: customerTypeNameSchema, remark: z.string().nullable() }),
  ),
  CustomerTypeDeleted: eventSchema(z.object({ customerTypeId: z.uuid() })),
  CustomerOpened: eventSchema(
    z.object({
      customerId: z.uuid(),
      tenantId: z.uuid(),
      accountNo: accountNoSchema,
      ...holderSchema.shape,
      ...accountFields,
      meterId: z.uuid(),
      meterNo: z.string(),
      meterTypeId: z.uuid(),
      openedAt: z.iso.datetime(),
      /** The valve close issued at opening (tenant setting `openAccountCloseValve`), if any. */
      valveCommandId: z.uuid().nullable(),
    }),
  ),
  CustomerFrozen: eventSchema(
    z.object({ customerId: z.uuid(), at: z.iso.datetime(), valveCommandId: z.uuid().nullable() }),
  ),
  /** Unfreezing opens the valve again when the meter type has one. */
  CustomerUnfrozen: eventSchema(
    z.object({ customerId: z.uuid(), at: z.iso.datetime(), valveCommandId: z.uuid().nullable() }),
  ),
  CustomerCancelled: eventSchema(z.object({ customerId: z.uuid(), at: z.iso.datetime() })),
  CustomerTransferred: eventSchema(
    z.object({ customerId: z.uuid(), at: z.iso.datetime(), ...holderSchema.shape }),
  ),
  /** The account's water is charged at another price scheme from `at` on (a tariff renewal). */
  CustomerPriceSchemeChanged: eventSchema(
    z.object({ customerId: z.uuid(), at: z.iso.datetime(), priceSchemeId: z.uuid() }),
  ),
  /** The account's meter was swapped (meter replacement). */
  CustomerMeterChanged: eventSchema(
    z.object({
      customerId: z.uuid(),
      at: z.iso.datetime(),
      meterId: z.uuid(),
      meterNo: z.string(),
      meterTypeId: z.uuid(),
    }),
  ),
  /** The account moved to another tenant with its meter (meter move; the `MeterMoved` of the same append). */
  CustomerMoved: eventSchema(
    z.object({
      customerId: z.uuid(),
      at: z.iso.datetime(),
      fromTenantId: z.uuid(),
      toTenantId: z.uuid(),
      customerTypeId: z.uuid(),
      meterTypeId: z.uuid(),
    }),
  ),
  AccountRecharged: eventSchema(
    z.object({
      customerId: z.uuid(),
      at: z.iso.datetime(),
      amount: moneySchema,
      payChannel: payChannelSchema,
      /** Paid out of the recharge before the rest reached the balance; absent when nothing was due. */
      deductions: z.array(rechargeDeductionSchema).optional(),
      /** The valve open issued because the recharge ended the arrears that had closed it. */
      valveCommandId: z.uuid().optional(),
    }),
  ),
  AccountRefunded: eventSchema(
    z.object({
      customerId: z.uuid(),
      at: z.iso.datetime(),
      amount: moneySchema,
      payChannel: payChannelSchema,
    }),
  ),
  /** A bill paid out of the balance (the bill's `BillPaid` is in the same append). */
  AccountBillPaid: eventSchema(
    z.object({
      customerId: z.uuid(),
      billId: z.uuid(),
      amountCents: z.number().int().positive(),
      at: z.iso.datetime(),
    }),
  ),
  /** A correction that took `amountCents` off a bill, paid into the balance (the bill is in the same append). */
  AccountBillCredited: eventSchema(
    z.object({
      customerId: z.uuid(),
      billId: z.uuid(),
      amountCents: z.number().int().positive(),
      at: z.iso.datetime(),
    }),
  ),
};

/** A form's blank text fields are left out (optional fields accept absence, not an empty string). */
function dropBlankFields(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== '' && v !== null && v !== undefined),
  );
}

/** The open-account and transfer forms of the browser: the server's schemas, blank fields left out. */
export const openAccountFormSchema = z.preprocess(dropBlankFields, openAccountBodySchema);
export const transferFormSchema = z.preprocess(dropBlankFields, transferBodySchema);
export const rechargeFormSchema = z.preprocess(dropBlankFields, rechargeBodySchema);
