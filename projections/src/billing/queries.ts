import type { Sql } from '@hydrolog/eventstore';
import {
  type PageQuery,
  type PriceSchemeListQuery,
  type PriceSchemeOption,
  type PriceSchemeView,
  type PriceVersion,
  priceVersionView,
} from '@hydrolog/schemas';
import { containsPattern, page } from '../sql.ts';

/** The accounts on each scheme (the customers projection keeps the account's scheme in its document). */
const SCHEME_SELECT = `SELECT p.price_scheme_id::text, p.name, p.accumulation_cycle, p.billing_cycle,
    p.start_time::text, p.versions, p.created_at, p.updated_at,
    (SELECT count(*)::int FROM customers c WHERE c.account->>'priceSchemeId' = p.price_scheme_id::text
       AND c.status <> 'cancelled') AS account_count
  FROM price_schemes p`;

export async function listPriceSchemes(
  sql: Sql,
  query: PageQuery & PriceSchemeListQuery,
): Promise<{ total: number; rows: PriceSchemeView[] }> {
  const params: unknown[] = [containsPattern(query.name), query.chargingModel ?? null];
  const where = 'WHERE ($1::text IS NULL OR p.name ILIKE $1) AND ($2::text IS NULL OR p.charging_model = $2)';
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM price_schemes p ${where}`,
    params,
  );
  const { rows } = await sql.query<Record<string, unknown>>(
    `${SCHEME_SELECT} ${where} ORDER BY p.created_at, p.price_scheme_id ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(priceSchemeView) };
}

export async function getPriceScheme(sql: Sql, priceSchemeId: string): Promise<PriceSchemeView | null> {
  const { rows } = await sql.query<Record<string, unknown>>(`${SCHEME_SELECT} WHERE p.price_scheme_id = $1`, [
    priceSchemeId,
  ]);
  return rows[0] ? priceSchemeView(rows[0]) : null;
}

/** The exact versions of a scheme, for the tariff math; null when the tenant has no such scheme. */
export async function priceSchemeVersions(
  sql: Sql,
  priceSchemeId: string,
): Promise<{
  startTime: string;
  accumulationCycle: number;
  billingCycle: number;
  versions: PriceVersion[];
} | null> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT start_time::text, accumulation_cycle, billing_cycle, versions FROM price_schemes WHERE price_scheme_id = $1`,
    [priceSchemeId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    startTime: row.start_time as string,
    accumulationCycle: row.accumulation_cycle as number,
    billingCycle: row.billing_cycle as number,
    versions: row.versions as PriceVersion[],
  };
}

/** Every scheme of the tenant by name, to choose on an account. */
export async function priceSchemeOptions(sql: Sql): Promise<PriceSchemeOption[]> {
  const { rows } = await sql.query<{ price_scheme_id: string; name: string }>(
    'SELECT price_scheme_id::text, name FROM price_schemes ORDER BY lower(name), price_scheme_id',
  );
  return rows.map((r) => ({ priceSchemeId: r.price_scheme_id, name: r.name }));
}

function priceSchemeView(row: Record<string, unknown>): PriceSchemeView {
  const versions = (row.versions as PriceVersion[]).map(priceVersionView);
  return {
    priceSchemeId: row.price_scheme_id as string,
    name: row.name as string,
    accumulationCycle: row.accumulation_cycle as number,
    billingCycle: row.billing_cycle as number,
    startTime: row.start_time as string,
    ...versions.at(-1)!,
    versions,
    accountCount: row.account_count as number,
    createTime: (row.created_at as Date).toISOString(),
    updateTime: row.updated_at ? (row.updated_at as Date).toISOString() : null,
  };
}
