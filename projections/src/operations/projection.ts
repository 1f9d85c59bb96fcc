import type { RecordedEvent } from '@hydrolog/eventstore';
import type { EventData } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

const version = (event: RecordedEvent) => Number(event.streamVersion);

/**
 * Meter alarms and system alarms (one table, by `alarm_type`), alarm rules and each user's bell (inline: a
 * processed alarm or a saved rule is in the next list). A system alarm notifies everyone who sees alarms. An alarm row keeps who is notified as the rule said when it was raised, so a rebuild gives the same
 * rows whatever the rules are now; what a user cleared is a time per alarm type, not a list of alarms.
 */
export const operationsProjection: Projection = {
  name: 'operations',
  version: 2,
  mode: 'inline',
  tables: ['meter_alarms', 'alarm_rules', 'alarm_notice_views', 'alarm_notice_cleans'],
  reads: [
    'meters',
    'meter_types',
    'meter_groups',
    'meter_group_members',
    'customers',
    'meter_daily',
    'meter_hourly',
    'meter_latest',
    'readings',
  ],
  tenantTables: ['meter_alarms', 'alarm_rules', 'alarm_notice_views', 'alarm_notice_cleans'],
  migrations: [
    `CREATE TABLE meter_alarms (
      alarm_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      -- 0 a meter alarm (of meter_id); 1 a system alarm (of subject_id, named subject_name when raised)
      alarm_type int NOT NULL DEFAULT 0,
      meter_id uuid,
      subject_id text,
      subject_name text,
      kind text NOT NULL,
      day date NOT NULL,
      level text NOT NULL,
      value double precision,
      threshold double precision,
      source text NOT NULL,
      notify_roles text[] NOT NULL,
      raised_at timestamptz NOT NULL,
      status int NOT NULL DEFAULT 0,
      cleared_at timestamptz,
      remark text,
      processed_at timestamptz,
      processed_by text,
      version bigint NOT NULL
    )`,
    'CREATE INDEX meter_alarms_tenant_time ON meter_alarms (tenant_id, raised_at DESC)',
    'CREATE INDEX meter_alarms_open ON meter_alarms (meter_id, kind) WHERE status IN (0, 1)',
    'CREATE INDEX meter_alarms_open_system ON meter_alarms (kind, subject_id) WHERE alarm_type = 1 AND status IN (0, 1)',
    `CREATE TABLE alarm_rules (
      rule_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      kind text NOT NULL,
      enabled boolean NOT NULL,
      threshold double precision,
      level text NOT NULL,
      notify_roles text[] NOT NULL,
      notify_customer boolean NOT NULL,
      scope text NOT NULL,
      scope_id uuid,
      created_at timestamptz NOT NULL,
      updated_at timestamptz,
      version bigint NOT NULL
    )`,
    'CREATE INDEX alarm_rules_tenant ON alarm_rules (tenant_id, kind)',
    `CREATE TABLE alarm_notice_views (
      user_id text NOT NULL,
      alarm_id uuid NOT NULL,
      tenant_id uuid NOT NULL,
      viewed_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, alarm_id)
    )`,
    `CREATE TABLE alarm_notice_cleans (
      user_id text NOT NULL,
      alarm_type int NOT NULL,
      tenant_id uuid NOT NULL,
      cleaned_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, alarm_type)
    )`,
  ],
  handlers: {
    async MeterAlarmRaised(sql, event) {
      const d = event.data as EventData<'MeterAlarmRaised'>;
      await sql.query(
        `INSERT INTO meter_alarms (alarm_id, tenant_id, meter_id, kind, day, level, value, threshold, source,
           notify_roles, raised_at, version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT DO NOTHING`,
        [
          d.alarmId,
          event.metadata.tenantId,
          d.meterId,
          d.kind,
          d.day,
          d.level,
          d.value,
          d.threshold,
          d.source,
          d.notifyRoles,
          d.raisedAt,
          version(event),
        ],
      );
    },
    async SystemAlarmRaised(sql, event) {
      const d = event.data as EventData<'SystemAlarmRaised'>;
      await sql.query(
        `INSERT INTO meter_alarms (alarm_id, tenant_id, alarm_type, subject_id, subject_name, kind, day, level, value,
           threshold, source, notify_roles, raised_at, version)
         VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8, $9, 'detected', '{}', $10, $11)
         ON CONFLICT DO NOTHING`,
        [
          d.alarmId,
          event.metadata.tenantId,
          d.subjectId,
          d.subjectName,
          d.kind,
          d.day,
          d.level,
          d.value,
          d.threshold,
          d.raisedAt,
          version(event),
        ],
      );
    },
    async MeterAlarmCleared(sql, event) {
      const d = event.data as EventData<'MeterAlarmCleared'>;
      await sql.query('UPDATE meter_alarms SET cleared_at = $2, version = $3 WHERE alarm_id = $1', [
        d.alarmId,
        d.clearedAt,
        version(event),
      ]);
    },
    async MeterAlarmProcessed(sql, event) {
      const d = event.data as EventData<'MeterAlarmProcessed'>;
      await sql.query(
        `UPDATE meter_alarms SET status = 2, remark = $2, processed_at = $3, processed_by = $4, version = $5
         WHERE alarm_id = $1`,
        [d.alarmId, d.remark, d.processedAt, event.metadata.userId ?? null, version(event)],
      );
    },
    async MeterAlarmTakenIntoWork(sql, event) {
      const d = event.data as EventData<'MeterAlarmTakenIntoWork'>;
      await sql.query('UPDATE meter_alarms SET status = 1, version = $2 WHERE alarm_id = $1', [
        d.alarmId,
        version(event),
      ]);
    },
    async MeterAlarmIgnored(sql, event) {
      const d = event.data as EventData<'MeterAlarmIgnored'>;
      await sql.query(
        `UPDATE meter_alarms SET status = 3, processed_at = $2, processed_by = $3, version = $4 WHERE alarm_id = $1`,
        [d.alarmId, d.ignoredAt, event.metadata.userId ?? null, version(event)],
      );
    },
    async AlarmRuleSaved(sql, event) {
      const d = event.data as EventData<'AlarmRuleSaved'>;
      await sql.query(
        `INSERT INTO alarm_rules (rule_id, tenant_id, kind, enabled, threshold, level, notify_roles, notify_customer,
           scope, scope_id, created_at, version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (rule_id) DO UPDATE SET kind = $3, enabled = $4, threshold = $5, level = $6, notify_roles = $7,
           notify_customer = $8, scope = $9, scope_id = $10, updated_at = $11, version = $12`,
        [
          d.ruleId,
          event.metadata.tenantId,
          d.kind,
          d.enabled,
          d.threshold,
          d.level,
          d.notifyRoles,
          d.notifyCustomer,
          d.scope,
          d.scopeId,
          d.savedAt,
          version(event),
        ],
      );
    },
    async AlarmRuleDeleted(sql, event) {
      const d = event.data as EventData<'AlarmRuleDeleted'>;
      await sql.query('DELETE FROM alarm_rules WHERE rule_id = $1', [d.ruleId]);
    },
    async AlarmNoticeViewed(sql, event) {
      const d = event.data as EventData<'AlarmNoticeViewed'>;
      await sql.query(
        `INSERT INTO alarm_notice_views (user_id, alarm_id, tenant_id, viewed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [d.userId, d.alarmId, event.metadata.tenantId, d.viewedAt],
      );
    },
    async AlarmNoticesCleaned(sql, event) {
      const d = event.data as EventData<'AlarmNoticesCleaned'>;
      await sql.query(
        `INSERT INTO alarm_notice_cleans (user_id, alarm_type, tenant_id, cleaned_at)
         SELECT $1, t, $3, $4 FROM unnest($2::int[]) t
         ON CONFLICT (user_id, alarm_type) DO UPDATE SET cleaned_at = GREATEST(alarm_notice_cleans.cleaned_at, $4)`,
        [d.userId, d.alarmTypes, event.metadata.tenantId, d.cleanedAt],
      );
    },
  },
};
