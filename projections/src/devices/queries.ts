import type { Sql } from '@hydrolog/eventstore';
import type { FlowMeterListQuery, FlowMeterView, PageQuery } from '@hydrolog/schemas';
import { containsPattern, page } from '../sql.ts';

/** A flow meter with its meter's type and its latest reading (the readings projection's meter_latest). */
const FLOW_METER_SELECT = `SELECT f.flow_meter_id::text, f.meter_address, f.kind, f.rtu_address,
    f.installation_position, f.caliber, f.manufacturer, f.communication_mode, f.power_supply_mode, f.daily_freeze,
    f.created_at, f.updated_at, f.version::text, m.meter_type_id::text, t.name AS meter_type_name,
    l.ts, l.flow, l.total, l.reverse_total, l.pressure, l.pressure2, l.battery, l.signal
  FROM flow_meters f
  JOIN meters m ON m.meter_id = f.flow_meter_id
  JOIN meter_types t ON t.meter_type_id = m.meter_type_id
  LEFT JOIN meter_latest l ON l.meter_id = f.flow_meter_id`;

export async function listFlowMeters(
  sql: Sql,
  query: PageQuery & FlowMeterListQuery,
): Promise<{ total: number; rows: FlowMeterView[] }> {
  const params: unknown[] = [
    containsPattern(query.address),
    query.kind ?? null,
    containsPattern(query.installationPosition),
  ];
  const where = `WHERE ($1::text IS NULL OR f.meter_address ILIKE $1 OR f.rtu_address ILIKE $1)
    AND ($2::text IS NULL OR f.kind = $2) AND ($3::text IS NULL OR f.installation_position ILIKE $3)`;
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM flow_meters f ${where}`,
    params,
  );
  const { rows } = await sql.query<Record<string, unknown>>(
    `${FLOW_METER_SELECT} ${where} ORDER BY f.created_at DESC, f.flow_meter_id ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(flowMeterView) };
}

export async function getFlowMeter(sql: Sql, flowMeterId: string): Promise<FlowMeterView | null> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `${FLOW_METER_SELECT} WHERE f.flow_meter_id = $1`,
    [flowMeterId],
  );
  return rows[0] ? flowMeterView(rows[0]) : null;
}

const orNull = (value: unknown) => (value ?? null) as number | null;

function flowMeterView(row: Record<string, unknown>): FlowMeterView {
  return {
    flowMeterId: row.flow_meter_id as string,
    meterAddress: row.meter_address as string,
    kind: row.kind as FlowMeterView['kind'],
    rtuAddress: row.rtu_address as string,
    installationPosition: row.installation_position as string,
    caliber: row.caliber as number,
    manufacturer: row.manufacturer as string,
    communicationMode: row.communication_mode as FlowMeterView['communicationMode'],
    powerSupplyMode: row.power_supply_mode as FlowMeterView['powerSupplyMode'],
    dailyFreeze: row.daily_freeze as boolean,
    meterTypeId: row.meter_type_id as string,
    meterTypeName: row.meter_type_name as string,
    latest: row.ts
      ? {
          collectionTime: (row.ts as Date).toISOString(),
          instantaneousFlow: orNull(row.flow),
          forwardTotal: row.total as number,
          reverseTotal: orNull(row.reverse_total),
          pressure1: orNull(row.pressure),
          pressure2: orNull(row.pressure2),
          battery: orNull(row.battery),
          signal: orNull(row.signal),
        }
      : null,
    createTime: (row.created_at as Date).toISOString(),
    updateTime: row.updated_at ? (row.updated_at as Date).toISOString() : null,
    version: Number(row.version),
  };
}
