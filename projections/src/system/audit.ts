import type { Sql } from '@hydrolog/eventstore';
import {
  type Language,
  type LoginLogQuery,
  type LoginLogRow,
  OPER_LOG_MODULES,
  type OperLogModule,
  type OperLogQuery,
  type OperLogRow,
} from '@hydrolog/schemas';
import { isMessageKey, translate } from '@hydrolog/schemas/messages/all';
import { containsPattern, endOfRange } from '../sql.ts';

/** A refusal whose answer named the moment's figures (the lock's minutes) reads in the log without them. */
const LOGGED_AS: Record<string, string> = { 'error.login.locked': 'login.lockedLogged' };

/** A login log message: a recorded message key in the caller's language, anything else as recorded. */
function loginLogMessage(msg: string, language: Language): string {
  const key = LOGGED_AS[msg] ?? msg;
  return isMessageKey(key) ? translate(key, language) : msg;
}

interface LoginLogDbRow {
  info_id: string;
  user_name: string;
  ipaddr: string;
  browser: string;
  os: string;
  status: '0' | '1';
  msg: string;
  login_time: Date;
}

/** The caller's tenant's login log (run in withTenant), newest first, messages in the caller's language. */
export async function listLoginLog(
  sql: Sql,
  query: LoginLogQuery,
  language: Language,
): Promise<{ total: number; rows: LoginLogRow[] }> {
  const where = `WHERE ($1::text IS NULL OR user_name ILIKE $1) AND ($2::text IS NULL OR ipaddr ILIKE $2)
    AND ($3::text IS NULL OR status = $3) AND ($4::timestamptz IS NULL OR login_time >= $4)
    AND ($5::timestamptz IS NULL OR login_time <= $5)`;
  const params = [
    containsPattern(query.userName),
    containsPattern(query.ipaddr),
    query.status ?? null,
    query.beginTime ?? null,
    endOfRange(query.endTime),
  ];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM login_log ${where}`,
    params,
  );
  const { rows } = await sql.query<LoginLogDbRow>(
    `SELECT info_id::text, user_name, ipaddr, browser, os, status, msg, login_time FROM login_log l ${where}
     ORDER BY l.login_time DESC, l.info_id LIMIT $6 OFFSET $7`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({
      infoId: r.info_id,
      userName: r.user_name,
      ipaddr: r.ipaddr,
      browser: r.browser,
      os: r.os,
      status: r.status,
      msg: loginLogMessage(r.msg, language),
      loginTime: r.login_time.toISOString(),
    })),
  };
}

interface OperLogDbRow {
  oper_id: string;
  title: OperLogModule;
  business_type: OperLogRow['businessType'];
  request_method: string;
  oper_name: string;
  dept_name: string | null;
  oper_url: string;
  oper_ip: string;
  oper_param: string;
  status: '0' | '1';
  error_msg: string | null;
  cost_time: number;
  oper_time: Date;
}

/** A module's name in the reader's language. */
const moduleName = (module: OperLogModule, language: Language) =>
  translate(`operLog.modules.${module}`, language);

/**
 * The caller's tenant's operation log (run in withTenant), newest first, modules named in the caller's
 * language; the module filter matches those names.
 */
export async function listOperLog(
  sql: Sql,
  query: OperLogQuery,
  language: Language,
): Promise<{ total: number; rows: OperLogRow[] }> {
  const search = query.title?.toLocaleLowerCase(language);
  const modules = search
    ? OPER_LOG_MODULES.filter((m) => moduleName(m, language).toLocaleLowerCase(language).includes(search))
    : null;
  const where = `WHERE ($1::text[] IS NULL OR title = ANY($1::text[]))
    AND ($2::text IS NULL OR oper_name ILIKE $2)
    AND ($3::text IS NULL OR business_type = $3) AND ($4::text IS NULL OR status = $4)
    AND ($5::timestamptz IS NULL OR oper_time >= $5) AND ($6::timestamptz IS NULL OR oper_time <= $6)`;
  const params = [
    modules,
    containsPattern(query.operName),
    query.businessType ?? null,
    query.status ?? null,
    query.beginTime ?? null,
    endOfRange(query.endTime),
  ];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM oper_log ${where}`,
    params,
  );
  const { rows } = await sql.query<OperLogDbRow>(
    `SELECT oper_id::text, title, business_type, request_method, oper_name, dept_name, oper_url, oper_ip, oper_param,
       status, error_msg, cost_time, oper_time FROM oper_log o ${where}
     ORDER BY o.oper_time DESC, o.oper_id LIMIT $7 OFFSET $8`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({
      operId: r.oper_id,
      title: moduleName(r.title, language),
      businessType: r.business_type,
      requestMethod: r.request_method,
      operName: r.oper_name,
      deptName: r.dept_name,
      operUrl: r.oper_url,
      operIp: r.oper_ip,
      operParam: r.oper_param,
      status: r.status,
      errorMsg: r.error_msg,
      costTime: r.cost_time,
      operTime: r.oper_time.toISOString(),
    })),
  };
}
