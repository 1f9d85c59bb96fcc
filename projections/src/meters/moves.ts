import type { Database, Sql } from '@hydrolog/eventstore';
import type {
  MeterMoveCandidate,
  MeterMoveCandidateQuery,
  MeterMoveListQuery,
  MeterMoveView,
  PageQuery,
  TenantTypes,
} from '@hydrolog/schemas';
import { containsPattern, orderBy } from '../sql.ts';

// ---- queries of the platform operators' routes (as the owner: the record spans tenants) ----------------

/** The SQL of each sortable column of the meter move record. */
const MOVE_ORDER = {
  meterNo: 'm.meter_no',
  fromTenantName: 'lower(ft.name)',
  toTenantName: 'lower(tt.name)',
  meterTypeName: 'lower(mt.name)',
  customerTypeName: 'lower(ct.name)',
  accountNo: 'm.account_no',
  customerName: 'lower(m.customer_name)',
  reason: 'lower(m.reason)',
  operator: 'lower(u.user_name)',
  movedAt: 'm.moved_at',
} as const;

export async function listMeterMoves(
  db: Database,
  query: PageQuery & MeterMoveListQuery,
  timeZone: string,
): Promise<{ total: number; rows: MeterMoveView[] }> {
  // Days are the operator's local days.
  const where = `WHERE ($1::text IS NULL OR m.meter_no ILIKE $1 OR m.account_no ILIKE $1)
    AND ($2::uuid IS NULL OR m.from_tenant_id = $2 OR m.to_tenant_id = $2)
    AND ($3::date IS NULL OR (m.moved_at AT TIME ZONE $5)::date >= $3::date)
    AND ($4::date IS NULL OR (m.moved_at AT TIME ZONE $5)::date <= $4::date)`;
  const params = [
    containsPattern(query.meterNo),
    query.tenantId ?? null,
    query.fromDay ?? null,
    query.toDay ?? null,
    timeZone,
  ];
  const total = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM meter_moves m ${where}`,
    params,
  );
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT m.*, ft.name AS from_tenant_name, tt.name AS to_tenant_name, fmt.name AS from_meter_type_name,
       mt.name AS meter_type_name, ct.name AS customer_type_name, u.user_name
     FROM meter_moves m
     JOIN tenants ft ON ft.tenant_id = m.from_tenant_id
     JOIN tenants tt ON tt.tenant_id = m.to_tenant_id
     LEFT JOIN meter_types fmt ON fmt.meter_type_id = m.from_meter_type_id
     LEFT JOIN meter_types mt ON mt.meter_type_id = m.meter_type_id
     LEFT JOIN customer_types ct ON ct.customer_type_id = m.customer_type_id
     LEFT JOIN users u ON u.user_id::text = m.operator_id
     ${where} ${orderBy(query, MOVE_ORDER, 'm.moved_at DESC, m.move_id')} LIMIT $6 OFFSET $7`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({
      moveId: r.move_id as string,
      meterId: r.meter_id as string,
      meterNo: r.meter_no as string,
      fromTenantId: r.from_tenant_id as string,
      fromTenantName: r.from_tenant_name as string,
      toTenantId: r.to_tenant_id as string,
      toTenantName: r.to_tenant_name as string,
      // A type deleted since keeps an empty name.
      fromMeterTypeName: (r.from_meter_type_name as string | null) ?? '',
      meterTypeName: (r.meter_type_name as string | null) ?? '',
      customerTypeName: r.customer_type_name as string | null,
      accountNo: r.account_no as string | null,
      customerName: r.customer_name as string | null,
      address: r.address as string | null,
      phone: r.phone as string | null,
      reason: r.reason as string,
      adminContact: r.admin_contact as string | null,
      movedAt: (r.moved_at as Date).toISOString(),
      operator: (r.user_name as string | null) ?? null,
    })),
  };
}

// ---- queries run inside withTenant (the source or the target tenant) ------------------------------------

/** The tenant's meter types and customer types, by name. */
export async function tenantTypes(sql: Sql): Promise<TenantTypes> {
  const meterTypes = await sql.query<{ meter_type_id: string; name: string }>(
    'SELECT meter_type_id::text, name FROM meter_types ORDER BY lower(name)',
  );
  const customerTypes = await sql.query<{ customer_type_id: string; name: string }>(
    'SELECT customer_type_id::text, name FROM customer_types ORDER BY lower(name)',
  );
  return {
    meterTypes: meterTypes.rows.map((r) => ({ meterTypeId: r.meter_type_id, name: r.name })),
    customerTypes: customerTypes.rows.map((r) => ({ customerTypeId: r.customer_type_id, name: r.name })),
  };
}

const CANDIDATE_COLUMNS = `m.meter_id::text, m.meter_no, m.meter_type_id::text, mt.name AS meter_type_name,
  c.customer_id::text, c.customer_type_id::text, c.account_no, c.name AS customer_name, c.phone,
  c.holder->>'address' AS address`;
const CANDIDATE_FROM = `FROM meters m JOIN meter_types mt ON mt.meter_type_id = m.meter_type_id
  JOIN customers c ON c.meter_id = m.meter_id AND c.status <> 'cancelled'`;

/** The tenant's meters on open accounts of a customer type (and meter type), by meter number. */
export async function listMoveCandidates(
  sql: Sql,
  query: PageQuery & MeterMoveCandidateQuery,
): Promise<{ total: number; rows: MeterMoveCandidate[] }> {
  const where = `WHERE c.customer_type_id = $1 AND ($2::uuid IS NULL OR m.meter_type_id = $2)
    AND ($3::text IS NULL OR m.meter_no ILIKE $3)`;
  const params = [query.customerTypeId, query.meterTypeId ?? null, containsPattern(query.meterNo)];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count ${CANDIDATE_FROM} ${where}`,
    params,
  );
  const { rows } = await sql.query<CandidateRow>(
    `SELECT ${CANDIDATE_COLUMNS} ${CANDIDATE_FROM} ${where} ORDER BY m.meter_no LIMIT $4 OFFSET $5`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(candidateView) };
}

interface CandidateRow {
  meter_id: string;
  meter_no: string;
  meter_type_id: string;
  meter_type_name: string;
  customer_id: string;
  customer_type_id: string;
  account_no: string;
  customer_name: string;
  phone: string;
  address: string | null;
}

const candidateView = (r: CandidateRow): MeterMoveCandidate => ({
  meterId: r.meter_id,
  meterNo: r.meter_no,
  meterTypeId: r.meter_type_id,
  meterTypeName: r.meter_type_name,
  accountNo: r.account_no,
  customerName: r.customer_name,
  phone: r.phone,
  address: r.address,
});

/** What a move needs to know of each meter of the tenant (meters of other tenants are simply absent). */
export interface MoveFacts
  extends Omit<MeterMoveCandidate, 'accountNo' | 'customerName' | 'phone'>,
    Nullable<Pick<MeterMoveCandidate, 'accountNo' | 'customerName' | 'phone'>> {
  /** Its open account, null when it is on none. */
  customerId: string | null;
  customerTypeId: string | null;
  inPartition: boolean;
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

export async function moveFacts(sql: Sql, meterIds: readonly string[]): Promise<Map<string, MoveFacts>> {
  const { rows } = await sql.query<CandidateRow & { in_partition: boolean }>(
    `SELECT ${CANDIDATE_COLUMNS},
       EXISTS (SELECT 1 FROM cascade_sub_meters s WHERE s.meter_id = m.meter_id)
         OR EXISTS (SELECT 1 FROM cascade_points p WHERE p.summary_meter_id = m.meter_id) AS in_partition
     FROM meters m JOIN meter_types mt ON mt.meter_type_id = m.meter_type_id
     LEFT JOIN customers c ON c.meter_id = m.meter_id AND c.status <> 'cancelled'
     WHERE m.meter_id = ANY($1::uuid[])`,
    [meterIds],
  );
  return new Map(
    rows.map((r) => [
      r.meter_id,
      {
        ...candidateView(r),
        customerId: r.customer_id,
        customerTypeId: r.customer_type_id,
        inPartition: r.in_partition,
      },
    ]),
  );
}

/** The numbers among these that the tenant already uses: meter numbers and account numbers. */
export async function takenNumbers(
  sql: Sql,
  meterNos: readonly string[],
  accountNos: readonly string[],
): Promise<{ meterNos: Set<string>; accountNos: Set<string> }> {
  const meters = await sql.query<{ meter_no: string }>(
    'SELECT meter_no FROM meters WHERE meter_no = ANY($1)',
    [meterNos],
  );
  const accounts = await sql.query<{ account_no: string }>(
    'SELECT account_no FROM customers WHERE account_no = ANY($1)',
    [accountNos],
  );
  return {
    meterNos: new Set(meters.rows.map((r) => r.meter_no)),
    accountNos: new Set(accounts.rows.map((r) => r.account_no)),
  };
}
