import type { Sql } from '@hydrolog/eventstore';
import type {
  Boundary,
  PageQuery,
  PartitionDetail,
  PartitionView,
  PointView,
  SubMeterCandidate,
  SubMeterCandidateQuery,
  SubMeterQuery,
} from '@hydrolog/schemas';
import { containsPattern } from '../sql.ts';

// Every query here runs inside withTenant.

interface ThresholdColumns {
  leakage_rate_threshold: number;
  mnf_threshold: number;
  kl_threshold: number;
  leak_sensitivity: number;
  leak_floor: number;
}

interface PartitionRow extends ThresholdColumns {
  partition_id: string;
  name: string;
  root_point_id: string;
  boundary: Boundary | null;
  created_at: Date;
  version: string;
  leader_name: string;
  leader_phone: string;
  point_count: number;
  levels: number;
}

const PARTITION_SELECT = `SELECT c.partition_id::text, c.name, c.root_point_id::text, c.boundary, c.created_at,
    c.version::text, r.leader_name, r.leader_phone, r.leakage_rate_threshold, r.mnf_threshold, r.kl_threshold,
    r.leak_sensitivity, r.leak_floor, (SELECT count(*)::int FROM cascade_points p WHERE p.partition_id = c.partition_id) AS point_count,
    (SELECT max(level)::int FROM cascade_points p WHERE p.partition_id = c.partition_id) AS levels
  FROM cascade_partitions c JOIN cascade_points r ON r.point_id = c.root_point_id`;

const thresholdsOf = (r: ThresholdColumns) => ({
  leakageRate: r.leakage_rate_threshold,
  mnf: r.mnf_threshold,
  kl: r.kl_threshold,
  leakSensitivity: r.leak_sensitivity,
  leakFloor: r.leak_floor,
});

function partitionView(r: PartitionRow): PartitionView {
  return {
    partitionId: r.partition_id,
    name: r.name,
    leaderName: r.leader_name,
    leaderPhone: r.leader_phone,
    rootPointId: r.root_point_id,
    thresholds: thresholdsOf(r),
    boundary: r.boundary,
    pointCount: r.point_count,
    levels: r.levels,
    createTime: r.created_at.toISOString(),
    version: Number(r.version),
  };
}

export async function listPartitions(
  sql: Sql,
  query: PageQuery & { name?: string | undefined },
): Promise<{ total: number; rows: PartitionView[] }> {
  const where = 'WHERE ($1::text IS NULL OR c.name ILIKE $1)';
  const params = [containsPattern(query.name)];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM cascade_partitions c ${where}`,
    params,
  );
  const { rows } = await sql.query<PartitionRow>(
    `${PARTITION_SELECT} ${where} ORDER BY c.created_at DESC, c.partition_id LIMIT $2 OFFSET $3`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(partitionView) };
}

interface PointRow extends ThresholdColumns {
  point_id: string;
  partition_id: string;
  parent_id: string | null;
  level: number;
  name: string;
  leader_name: string;
  leader_phone: string;
  summary_meter_id: string | null;
  summary_meter_no: string | null;
  sub_meter_count: number;
}

const POINT_SELECT = `SELECT p.point_id::text, p.partition_id::text, p.parent_id::text, p.level, p.name, p.leader_name,
    p.leader_phone, p.leakage_rate_threshold, p.mnf_threshold, p.kl_threshold, p.leak_sensitivity, p.leak_floor,
    p.summary_meter_id::text,
    p.summary_meter_no, (SELECT count(*)::int FROM cascade_sub_meters s WHERE s.point_id = p.point_id) AS sub_meter_count
  FROM cascade_points p`;

function pointView(r: PointRow): PointView {
  return {
    pointId: r.point_id,
    partitionId: r.partition_id,
    parentId: r.parent_id,
    level: r.level,
    name: r.name,
    leaderName: r.leader_name,
    leaderPhone: r.leader_phone,
    thresholds: thresholdsOf(r),
    summaryMeter:
      r.summary_meter_id && r.summary_meter_no
        ? { meterId: r.summary_meter_id, meterNo: r.summary_meter_no }
        : null,
    subMeterCount: r.sub_meter_count,
  };
}

export async function getPartition(sql: Sql, partitionId: string): Promise<PartitionDetail | null> {
  const { rows } = await sql.query<PartitionRow>(`${PARTITION_SELECT} WHERE c.partition_id = $1`, [
    partitionId,
  ]);
  if (!rows[0]) return null;
  const points = await sql.query<PointRow>(
    `${POINT_SELECT} WHERE p.partition_id = $1 ORDER BY p.level, p.name`,
    [partitionId],
  );
  const positions = await sql.query<{ meter_no: string; lng: number; lat: number }>(
    'SELECT meter_no, lng, lat FROM cascade_meter_positions WHERE partition_id = $1 ORDER BY meter_no',
    [partitionId],
  );
  return {
    ...partitionView(rows[0]),
    points: points.rows.map(pointView),
    meterPositions: positions.rows.map((p) => ({ meterNo: p.meter_no, coordinates: [p.lng, p.lat] })),
  };
}

export async function getPoint(sql: Sql, pointId: string): Promise<PointView | null> {
  const { rows } = await sql.query<PointRow>(`${POINT_SELECT} WHERE p.point_id = $1`, [pointId]);
  return rows[0] ? pointView(rows[0]) : null;
}

/** The metering points of the tenant (every partition), for the ranking and the alarm evaluation. */
export async function listPoints(sql: Sql): Promise<PointView[]> {
  const { rows } = await sql.query<PointRow>(`${POINT_SELECT} ORDER BY p.partition_id, p.level, p.name`);
  return rows.map(pointView);
}

/** A point's sub-meters by number, filtered by a part of the number. */
export async function listSubMeters(
  sql: Sql,
  pointId: string,
  query: PageQuery & SubMeterQuery,
): Promise<{ total: number; rows: { meterId: string; meterNo: string }[] }> {
  const where = 'FROM cascade_sub_meters WHERE point_id = $1 AND ($2::text IS NULL OR meter_no LIKE $2)';
  const params = [pointId, containsPattern(query.meterNo)];
  const total = await sql.query<{ count: number }>(`SELECT count(*)::int AS count ${where}`, params);
  const { rows } = await sql.query<{ meter_id: string; meter_no: string }>(
    `SELECT meter_id::text, meter_no ${where} ORDER BY meter_no LIMIT $3 OFFSET $4`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({ meterId: r.meter_id, meterNo: r.meter_no })),
  };
}

/**
 * The sub-meter picker: the tenant's opened meters (held by an account that is not cancelled) that are
 * neither a sub-meter nor the summary meter of the point, by meter number, filtered by number or name.
 */
export async function listSubMeterCandidates(
  sql: Sql,
  tenantId: string,
  pointId: string,
  query: PageQuery & SubMeterCandidateQuery,
): Promise<{ total: number; rows: SubMeterCandidate[] }> {
  const where = `FROM customers c
    WHERE c.tenant_id = $1 AND c.status <> 'cancelled'
      AND NOT EXISTS (SELECT 1 FROM cascade_sub_meters s WHERE s.point_id = $2 AND s.meter_id = c.meter_id)
      AND NOT EXISTS (SELECT 1 FROM cascade_points p WHERE p.point_id = $2 AND p.summary_meter_id = c.meter_id)
      AND ($3::text IS NULL OR c.meter_no LIKE $3) AND ($4::text IS NULL OR c.name ILIKE $4)`;
  const params = [tenantId, pointId, containsPattern(query.meterNo), containsPattern(query.accountName)];
  const total = await sql.query<{ count: number }>(`SELECT count(*)::int AS count ${where}`, params);
  const { rows } = await sql.query<{ meter_id: string; meter_no: string; account_no: string; name: string }>(
    `SELECT c.meter_id::text, c.meter_no, c.account_no, c.name ${where}
      ORDER BY c.meter_no, c.meter_id LIMIT $5 OFFSET $6`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({
      meterId: r.meter_id,
      meterNo: r.meter_no,
      accountNo: r.account_no,
      accountName: r.name,
    })),
  };
}
