import type { Sql } from '@hydrolog/eventstore';
import type {
  CommandFailure,
  MeterCommandKind,
  MeterCommandStatus,
  PageQuery,
  ValveCommandView,
} from '@hydrolog/schemas';
import { containsPattern } from '../sql.ts';

export interface MeterCommandRow {
  commandId: string;
  tenantId: string;
  meterId: string;
  meterNo: string;
  kind: MeterCommandKind;
  key: string | null;
  status: MeterCommandStatus;
  attempts: number;
  gatewayId: string | null;
  deadline: string | null;
  detail: string | null;
  failure: CommandFailure | null;
  issuedAt: string;
  updatedAt: string;
}

const COMMAND_SELECT = `SELECT command_id::text, tenant_id::text, meter_id::text, meter_no, kind, key, status, attempts,
  gateway_id::text, deadline, detail, failure, issued_at, updated_at FROM meter_commands c`;

function commandRow(row: Record<string, unknown>): MeterCommandRow {
  return {
    commandId: row.command_id as string,
    tenantId: row.tenant_id as string,
    meterId: row.meter_id as string,
    meterNo: row.meter_no as string,
    kind: row.kind as MeterCommandKind,
    key: row.key as string | null,
    status: row.status as MeterCommandStatus,
    attempts: row.attempts as number,
    gatewayId: row.gateway_id as string | null,
    deadline: (row.deadline as Date | null)?.toISOString() ?? null,
    detail: row.detail as string | null,
    failure: row.failure as CommandFailure | null,
    issuedAt: (row.issued_at as Date).toISOString(),
    updatedAt: (row.updated_at as Date).toISOString(),
  };
}

/**
 * The latest command, of the kinds the SQL expression `kinds` lists (a text array), of the meter whose id is
 * the SQL expression `meterId`, as a lateral join whose columns `vc_*` feed `valveCommandOf`. Its own
 * aliases (vcmd, vc) are unusual so that they never hide a table of the query it joins.
 */
export const latestCommandJoin = (meterId: string, kinds: string) => `LEFT JOIN LATERAL (
    SELECT vcmd.command_id::text AS vc_command_id, vcmd.meter_id::text AS vc_meter_id, vcmd.kind AS vc_kind,
      vcmd.status AS vc_status, vcmd.issued_at AS vc_issued_at, vcmd.updated_at AS vc_updated_at, vcmd.failure AS vc_failure,
      vcmd.detail AS vc_detail
    FROM meter_commands vcmd WHERE vcmd.meter_id = ${meterId} AND vcmd.kind = ANY(${kinds})
    ORDER BY vcmd.issued_at DESC, vcmd.command_id DESC LIMIT 1) vc ON true`;

/** The latest valve command of a meter (`latestCommandJoin`): every list that shows a valve shows it beside. */
export const latestValveCommandJoin = (meterId: string) =>
  latestCommandJoin(meterId, "ARRAY['valveOpen', 'valveClose']");

/** The columns `latestCommandJoin` adds, for a select list. */
export const VALVE_COMMAND_COLUMNS =
  'vc.vc_command_id, vc.vc_meter_id, vc.vc_kind, vc.vc_status, vc.vc_issued_at, vc.vc_updated_at, vc.vc_failure, vc.vc_detail';

export interface ValveCommandColumns {
  vc_command_id: string | null;
  vc_meter_id: string | null;
  vc_kind: ValveCommandView['kind'] | null;
  vc_status: MeterCommandStatus | null;
  vc_issued_at: Date | null;
  vc_updated_at: Date | null;
  vc_failure: CommandFailure | null;
  vc_detail: string | null;
}

export function valveCommandOf(row: ValveCommandColumns): ValveCommandView | null {
  if (!row.vc_command_id) return null;
  return {
    commandId: row.vc_command_id,
    meterId: row.vc_meter_id!,
    kind: row.vc_kind!,
    status: row.vc_status!,
    issuedAt: row.vc_issued_at!.toISOString(),
    updatedAt: row.vc_updated_at!.toISOString(),
    failure: row.vc_failure,
    detail: row.vc_detail,
  };
}

/** A valve command of the command list as every valve state shows it (a key update is none). */
export function valveCommandView(command: MeterCommandRow): ValveCommandView | null {
  if (command.kind === 'keyUpdate') return null;
  const { commandId, meterId, status, issuedAt, updatedAt, failure, detail } = command;
  return { commandId, meterId, kind: command.kind, status, issuedAt, updatedAt, failure, detail };
}

/** The meter's latest valve command, or null when it never had one. */
export async function latestValveCommand(sql: Sql, meterId: string): Promise<ValveCommandView | null> {
  const { rows } = await sql.query<ValveCommandColumns>(
    `SELECT ${VALVE_COMMAND_COLUMNS} FROM (SELECT $1::uuid AS meter_id) m ${latestValveCommandJoin('m.meter_id')}`,
    [meterId],
  );
  return rows[0] ? valveCommandOf(rows[0]) : null;
}

export async function getMeterCommand(sql: Sql, commandId: string): Promise<MeterCommandRow | null> {
  const { rows } = await sql.query(`${COMMAND_SELECT} WHERE command_id = $1`, [commandId]);
  return rows[0] ? commandRow(rows[0] as Record<string, unknown>) : null;
}

/** Commands newest first; `meterNo` keeps the meters whose number contains it, `meterId` one meter. */
export async function listMeterCommands(
  sql: Sql,
  query: PageQuery & {
    meterNo?: string | undefined;
    meterId?: string | undefined;
    kind?: MeterCommandKind | undefined;
  },
): Promise<{ total: number; rows: MeterCommandRow[] }> {
  const where = `WHERE ($1::text IS NULL OR c.meter_no LIKE $1) AND ($2::text IS NULL OR c.kind = $2)
    AND ($3::uuid IS NULL OR c.meter_id = $3)`;
  const params = [containsPattern(query.meterNo), query.kind ?? null, query.meterId ?? null];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM meter_commands c ${where}`,
    params,
  );
  const { rows } = await sql.query(
    `${COMMAND_SELECT} ${where} ORDER BY c.issued_at DESC, c.command_id LIMIT $4 OFFSET $5`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => commandRow(r as Record<string, unknown>)),
  };
}

/**
 * Commands waiting for this gateway: open, not held by a gateway, for meters whose latest reading came
 * through it (a concentrator serves the meters it hears).
 */
export async function pendingCommandsFor(sql: Sql, gatewayId: string): Promise<MeterCommandRow[]> {
  const { rows } = await sql.query(
    `${COMMAND_SELECT}
     WHERE c.open AND c.gateway_id IS NULL AND c.status IN ('sending', 'executing', 'resend')
       AND EXISTS (SELECT 1 FROM meter_latest l WHERE l.meter_id = c.meter_id AND l.gateway_id = $1)
     ORDER BY c.issued_at LIMIT 1000`,
    [gatewayId],
  );
  return rows.map((r) => commandRow(r as Record<string, unknown>));
}

/** Open commands past their ack deadline or pickup limit (the sweeper times them out through the decider). */
export async function overdueCommands(
  sql: Sql,
  now: Date,
  pickupMinutes: number,
): Promise<MeterCommandRow[]> {
  const { rows } = await sql.query(
    `${COMMAND_SELECT}
     WHERE c.open AND ((c.deadline IS NOT NULL AND c.deadline <= $1)
       OR (c.gateway_id IS NULL AND c.issued_at <= $1::timestamptz - make_interval(mins => $2)))
     ORDER BY c.issued_at LIMIT 500`,
    [now.toISOString(), pickupMinutes],
  );
  return rows.map((r) => commandRow(r as Record<string, unknown>));
}
