import type { EventData } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

/**
 * The readings entered by hand, as their list shows them (inline: a reading entered is in the next list).
 * The reading itself is stored by the readings projection, with every other reading of the meter.
 */
export const manualReadingsProjection: Projection = {
  name: 'manualReadings',
  version: 1,
  mode: 'inline',
  tables: ['manual_readings'],
  // Its queries check a reading against the meter's others.
  reads: ['users', 'meters', 'readings'],
  tenantTables: ['manual_readings'],
  migrations: [
    `CREATE TABLE manual_readings (
      reading_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      meter_id uuid NOT NULL,
      ts timestamptz NOT NULL,
      total double precision NOT NULL,
      reset boolean NOT NULL,
      photo_url text,
      plan_id uuid,
      remark text NOT NULL,
      created_by uuid,
      created_at timestamptz NOT NULL
    )`,
    'CREATE INDEX manual_readings_tenant ON manual_readings (tenant_id, created_at)',
    'CREATE INDEX manual_readings_plan ON manual_readings (plan_id, meter_id)',
  ],
  handlers: {
    async ManualReadingEntered(sql, event) {
      const d = event.data as EventData<'ManualReadingEntered'>;
      const reading = d.readings[0]!;
      await sql.query(
        `INSERT INTO manual_readings (reading_id, tenant_id, meter_id, ts, total, reset, photo_url, plan_id, remark,
           created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          d.readingId,
          event.metadata.tenantId,
          d.meterId,
          reading.ts,
          reading.total,
          d.reset,
          d.photoUrl,
          d.planId,
          d.remark,
          d.by,
          d.at,
        ],
      );
    },
  },
};
