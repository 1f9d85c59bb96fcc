import type { EventData } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

/**
 * Walk-by reading plans (inline: a plan made is in the next list). Their progress is not kept here: the
 * queries count the plan's meters with a reading in its window from the readings read model, so a reading
 * from any source counts as soon as it is stored.
 */
export const readingPlansProjection: Projection = {
  name: 'readingPlans',
  version: 1,
  mode: 'inline',
  tables: ['reading_plans'],
  // Its queries name readers and groups and count readings per day.
  reads: ['users', 'meters', 'meter_groups', 'meter_group_members', 'meter_daily'],
  tenantTables: ['reading_plans'],
  migrations: [
    `CREATE TABLE reading_plans (
      plan_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      name text NOT NULL,
      reader_id uuid NOT NULL,
      start_date date NOT NULL,
      end_date date NOT NULL,
      group_id uuid,
      meter_ids uuid[] NOT NULL,
      created_by uuid,
      created_at timestamptz NOT NULL
    )`,
    'CREATE INDEX reading_plans_tenant ON reading_plans (tenant_id, created_at)',
    'CREATE INDEX reading_plans_reader ON reading_plans (reader_id)',
  ],
  handlers: {
    async ReadingPlanCreated(sql, event) {
      const d = event.data as EventData<'ReadingPlanCreated'>;
      await sql.query(
        `INSERT INTO reading_plans (plan_id, tenant_id, name, reader_id, start_date, end_date, group_id, meter_ids,
           created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::uuid[], $9, $10)`,
        [
          d.planId,
          event.metadata.tenantId,
          d.name,
          d.readerId,
          d.startDate,
          d.endDate,
          d.groupId,
          d.meterIds,
          d.by,
          d.at,
        ],
      );
    },
    async ReadingPlanDeleted(sql, event) {
      const d = event.data as EventData<'ReadingPlanDeleted'>;
      await sql.query('DELETE FROM reading_plans WHERE plan_id = $1', [d.planId]);
    },
  },
};
