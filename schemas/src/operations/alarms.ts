import { z } from 'zod';
import { timeRangeSchema } from '../api.ts';
import { meterFrozenSchema } from '../readings/index.ts';

/**
 * Meter alarms, their rules and the notification bell (spec sections 2, 3, 4, 7 and 9). An alarm's kind
 * (`eventType`) is a value of the meter_alarm_type dictionary: the codes a meter reports in its readings'
 * `alarms` are those values too, so a reported code and a detected condition of the same kind are one alarm.
 */

/** The meter_alarm_type values the detection computes from the readings (besides the codes meters report). */
export const METER_ALARM_KIND = {
  lowBattery: '1',
  tamper: '2',
  valveFault: '3',
  reverseFlow: '4',
  continuousFlow: '5',
  zeroConsumption: '6',
  burst: '7',
  offline: '8',
  /** From the account's balance, not the readings: below the account's balance threshold. */
  lowBalance: '14',
} as const;
export type MeterAlarmKindName = keyof typeof METER_ALARM_KIND;
/**
 * The meter_alarm_type values of the system alarms (alarm type 1) the service raises about itself: a gateway
 * or concentrator offline, the readings backlog over its bound, a scheduled job's failed round.
 */
export const SYSTEM_ALARM_KIND = {
  gatewayOffline: '11',
  readingsBacklog: '12',
  jobFailed: '13',
} as const;
export type SystemAlarmKind = (typeof SYSTEM_ALARM_KIND)[keyof typeof SYSTEM_ALARM_KIND];
export const meterAlarmKindSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(32, 'validation.tooLong');

/** Spec section 4: 0 unprocessed (danger), 1 processing (warning), 2 processed (success), 3 ignored. */
export const ALARM_STATUS = { unprocessed: 0, processing: 1, processed: 2, ignored: 3 } as const;
export const alarmStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type AlarmStatus = z.infer<typeof alarmStatusSchema>;
/** The colour of each state, as the spec names them. */
export const ALARM_STATUS_COLOUR = { 0: 'red', 1: 'orange', 2: 'green', 3: 'gray' } as const;

/** Notification alarm types: 0 meter, 1 system. */
export const alarmTypeSchema = z.union([z.literal(0), z.literal(1)]);
export type AlarmType = z.infer<typeof alarmTypeSchema>;
export const ALARM_TYPE = { meter: 0, system: 1 } as const;

export const alarmLevelSchema = z.enum(['low', 'medium', 'high']);
export type AlarmLevel = z.infer<typeof alarmLevelSchema>;
export const ALARM_LEVELS = alarmLevelSchema.options;

export const alarmScopeSchema = z.enum(['all', 'meterType', 'group']);
export type AlarmScope = z.infer<typeof alarmScopeSchema>;
export const ALARM_SCOPES = alarmScopeSchema.options;

/** The remark of a processed alarm (spec section 9: remarks are at most 100 characters). */
export const ALARM_REMARK_MAX = 100;

/**
 * An alarm rule of a tenant. `threshold` means, by kind: low battery V; reverse flow m³ a day; burst m³ an
 * hour; continuous flow hours without a zero-flow hour; zero consumption hours without use (empty: the
 * meter's own zero-water threshold); offline hours without a report (empty: twice the meter type's interval).
 * Other kinds are raised from the codes meters report, and take no threshold.
 */
export const alarmRuleFieldsSchema = z.object({
  kind: meterAlarmKindSchema,
  enabled: z.boolean(),
  threshold: z
    .number('validation.invalidType')
    .gt(0, 'validation.positive')
    .max(100_000, 'validation.tooBig')
    .nullable(),
  level: alarmLevelSchema,
  /** Role keys of the staff who are notified (the bell); none: every user who sees alarms. */
  notifyRoles: z.array(z.string().min(1).max(64)).max(50, 'validation.tooBig'),
  /** The account holder gets an SMS through the message port. */
  notifyCustomer: z.boolean(),
  scope: alarmScopeSchema,
  /** The meter type or meter group of the scope; none for all meters. */
  scopeId: z.uuid('validation.invalidFormat').nullable(),
});
/** A rule scoped to a meter type or a group names it. */
const scopeNamed = (rule: { scope: AlarmScope; scopeId: string | null }, ctx: z.RefinementCtx) => {
  if (rule.scope !== 'all' && rule.scopeId === null)
    ctx.addIssue({ code: 'custom', path: ['scopeId'], message: 'validation.required' });
};
export const alarmRuleBodySchema = alarmRuleFieldsSchema.superRefine(scopeNamed);
export type AlarmRuleInput = z.infer<typeof alarmRuleFieldsSchema>;
export const updateAlarmRuleBodySchema = alarmRuleFieldsSchema
  .extend({ ruleId: z.uuid('validation.invalidFormat') })
  .superRefine(scopeNamed);

export const alarmRuleViewSchema = alarmRuleFieldsSchema.extend({
  ruleId: z.string(),
  /** The name of the scope's meter type or group. */
  scopeName: z.string().nullable(),
  createTime: z.string(),
});
export type AlarmRuleView = z.infer<typeof alarmRuleViewSchema>;
export const alarmRuleListQuerySchema = z.object({
  kind: meterAlarmKindSchema.optional(),
  enabled: z.enum(['true', 'false']).optional(),
});

/** The defaults every tenant starts with (thresholds as the rule describes them). */
export const DEFAULT_ALARM_RULES: readonly Omit<AlarmRuleInput, 'scopeId' | 'scope' | 'notifyRoles'>[] = [
  {
    kind: METER_ALARM_KIND.lowBattery,
    enabled: true,
    threshold: 3.2,
    level: 'medium',
    notifyCustomer: false,
  },
  { kind: METER_ALARM_KIND.tamper, enabled: true, threshold: null, level: 'high', notifyCustomer: false },
  { kind: METER_ALARM_KIND.valveFault, enabled: true, threshold: null, level: 'high', notifyCustomer: false },
  {
    kind: METER_ALARM_KIND.reverseFlow,
    enabled: true,
    threshold: 0.05,
    level: 'medium',
    notifyCustomer: false,
  },
  {
    kind: METER_ALARM_KIND.continuousFlow,
    enabled: true,
    threshold: 24,
    level: 'high',
    notifyCustomer: true,
  },
  {
    kind: METER_ALARM_KIND.zeroConsumption,
    enabled: true,
    threshold: null,
    level: 'low',
    notifyCustomer: false,
  },
  { kind: METER_ALARM_KIND.burst, enabled: true, threshold: 5, level: 'high', notifyCustomer: false },
  { kind: METER_ALARM_KIND.offline, enabled: true, threshold: null, level: 'medium', notifyCustomer: false },
  { kind: METER_ALARM_KIND.lowBalance, enabled: true, threshold: null, level: 'low', notifyCustomer: true },
];

/** An alarm record (spec section 3 "Alarm"). */
export const meterAlarmViewSchema = z.object({
  alarmProcessedId: z.string(),
  alarmType: alarmTypeSchema,
  status: alarmStatusSchema,
  eventType: z.string(),
  level: alarmLevelSchema,
  alarmTime: z.string(),
  day: z.string(),
  /** none for a system alarm */
  meterId: z.string().nullable(),
  /** the meter's number; of a system alarm, its subject's name */
  meterNo: z.string(),
  /** what a system alarm is about (a gateway, the readings, a job): its id and name; none for a meter alarm */
  subjectId: z.string().nullable(),
  subjectName: z.string().nullable(),
  meterTypeName: z.string().nullable(),
  accountName: z.string().nullable(),
  customerTel: z.string().nullable(),
  areaAddress: z.string().nullable(),
  areaDetail: z.string().nullable(),
  /** what was measured, and the rule's threshold (none for a code the meter reported) */
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  /** The meter reports normally again (the alarm stays until processed). */
  clearedTime: z.string().nullable(),
  remark: z.string().nullable(),
  processedTime: z.string().nullable(),
});
export type MeterAlarmView = z.infer<typeof meterAlarmViewSchema>;
export const meterAlarmDetailSchema = meterAlarmViewSchema.extend({
  valveState: z.string().nullable(),
  /** the meter's latest day record (spec section 3 `meterFrozen`) */
  meterFrozen: meterFrozenSchema.nullable(),
});
export type MeterAlarmDetail = z.infer<typeof meterAlarmDetailSchema>;

export const meterAlarmListQuerySchema = timeRangeSchema.extend({
  alarmType: z.coerce.number().pipe(alarmTypeSchema).optional(),
  status: z.coerce.number().pipe(alarmStatusSchema).optional(),
  eventType: meterAlarmKindSchema.optional(),
  /** a meter's number, or a system alarm's subject name */
  meterNo: z.string().trim().max(64).optional(),
  areaAddress: z.string().trim().max(100).optional(),
});
export type MeterAlarmListQuery = z.infer<typeof meterAlarmListQuerySchema>;

export const alarmIdsBodySchema = z.object({
  alarmProcessedIds: z
    .array(z.uuid('validation.invalidFormat'))
    .min(1, 'validation.required')
    .max(500, 'validation.tooBig'),
});
export const processAlarmsBodySchema = alarmIdsBodySchema.extend({
  remark: z.string().trim().min(1, 'validation.required').max(ALARM_REMARK_MAX, 'validation.tooLong'),
});
export type ProcessAlarmsBody = z.infer<typeof processAlarmsBodySchema>;

/** The bell (spec sections 2 and 3 "Notification"). */
export const noticeSchema = z.object({
  alarmProcessedId: z.string(),
  alarmType: alarmTypeSchema,
  eventType: z.string(),
  /** 1: read */
  noticeStatus: z.union([z.literal(0), z.literal(1)]),
  createTime: z.string(),
  meterNo: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListSchema = z.object({
  allAlarmList: z.array(noticeSchema),
  meterAlarmList: z.array(noticeSchema),
  systemAlarmList: z.array(noticeSchema),
  allAlarmCount: z.number().int(),
  meterAlarmCount: z.number().int(),
  systemAlarmCount: z.number().int(),
});
export type NoticeList = z.infer<typeof noticeListSchema>;
export const viewNoticeBodySchema = z.object({ alarmProcessedId: z.uuid('validation.invalidFormat') });
export const cleanNoticeBodySchema = z.object({
  alarmTypes: z.array(alarmTypeSchema).min(1, 'validation.required').max(2),
});
/** Spec section 9: the bell asks for its notices every 60 s, and its badge shows at most 99. */
export const NOTICE_POLL_MS = 60_000;
export const NOTICE_BADGE_CAP = 99;
/** The notices the bell lists at most per type (the counts are of all of them). */
export const NOTICE_LIST_MAX = 50;
