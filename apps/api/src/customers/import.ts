import { DomainError, type OpeningFacts, openingRefusal } from '@hydrolog/domain';
import type { Database, Sql } from '@hydrolog/eventstore';
import { existingAccountNos, metersForOpening, withTenant } from '@hydrolog/projections';
import {
  type ImportReport,
  type importQuerySchema,
  type Language,
  type MessageKey,
  type OpenAccount,
  openAccountBodySchema,
  type TenantSettings,
  toFieldError,
} from '@hydrolog/schemas';
import { messagesIn, translate } from '@hydrolog/schemas/messages/all';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../auth/guard.ts';
import { priceSchemeOf } from '../billing/index.ts';
import { requestLanguage, translator } from '../http.ts';
import type { CommandDispatch } from '../ingest/dispatch.ts';
import type { Services } from '../services.ts';
import { cellText, readFirstSheet } from '../spreadsheet.ts';
import { type Column, sendXlsx } from '../xlsx.ts';
import { tenantSettings } from './caller.ts';
import { customerTypeOf } from './customer-types.ts';
import { type AccountToOpen, nextAccountNos, type OpeningClash, openForCaller } from './open-account.ts';

/** Rows of one batch (spec section 5 recommends under 1000 for imports). */
export const IMPORT_MAX_ROWS = 1000;

/** The template's columns, in order; rows are read by position, so translated headers do not matter. */
const COLUMNS = [
  'accountNo',
  'name',
  'phone',
  'idType',
  'idNumber',
  'address',
  'meterNo',
  'payChannel',
  'remarks',
] as const;
type ColumnName = (typeof COLUMNS)[number];

/** Each column's header: the customer's label as the screens show it, where they show one. */
const HEADERS: Record<ColumnName, MessageKey> = {
  accountNo: 'customers.accountNo',
  name: 'customers.name',
  phone: 'customers.phone',
  idType: 'customer.col.idType',
  idNumber: 'customer.col.idNumber',
  address: 'customers.address',
  meterNo: 'customers.meterNo',
  payChannel: 'customer.col.payChannel',
  remarks: 'customers.remarks',
};

export function templateColumns(language: Language): Column<never>[] {
  return COLUMNS.map((name) => ({
    header: translate(HEADERS[name], language),
    value: () => null,
    width: name === 'address' || name === 'remarks' ? 30 : 18,
  }));
}

/** The batch-open template (xlsx): one personal account per row. */
export function sendImportTemplate(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  return sendXlsx(reply, 'customer-import', templateColumns(requestLanguage(request)), []);
}

interface ImportOptions {
  db: Database;
  tenantId: string;
  settings: TenantSettings;
  customerTypeId: string;
  meterTypeId: string;
  priceSchemeId: string | undefined;
  nextAccountNos(sql: Sql, count: number): Promise<string[]>;
}

/** The uploaded workbook's first sheet as rows of text cells (row numbers as the spreadsheet shows them). */
async function readRows(
  request: FastifyRequest,
): Promise<{ row: number; cells: Record<ColumnName, string> }[]> {
  const file = await request.file().catch(() => undefined);
  if (file?.fieldname !== 'file') throw new DomainError('error.upload.missing');
  if (!/\.xlsx?$/i.test(file.filename)) throw new DomainError('error.customer.importFile');
  const content = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('error.upload.size');
    throw error;
  });
  const sheet = await readFirstSheet(content, {
    unreadable: 'error.customer.importFile',
    tooMany: 'error.customer.importTooMany',
    maxRows: IMPORT_MAX_ROWS,
  });
  const rows: { row: number; cells: Record<ColumnName, string> }[] = [];
  for (const { row, cells } of sheet) {
    if (row === 1) continue; // headers
    const texts = Object.fromEntries(COLUMNS.map((name, i) => [name, cellText(cells[i])])) as Record<
      ColumnName,
      string
    >;
    if (Object.values(texts).some(Boolean)) rows.push({ row, cells: texts });
  }
  if (rows.length === 0) throw new DomainError('error.customer.importEmpty');
  if (rows.length > IMPORT_MAX_ROWS)
    throw new DomainError('error.customer.importTooMany', { max: IMPORT_MAX_ROWS });
  return rows;
}

/** A row of the file ready to open, by its spreadsheet row (`account.facts` say whether its number was given). */
export interface ImportedAccount {
  row: number;
  account: AccountToOpen;
}

type Translate = ReturnType<typeof translator>;

/**
 * A row's reason for a refusal of the rules of opening (`openingRefusal`, the customer decider's), naming
 * the row's number or meter as the report does.
 */
function openingRowReason(
  refusal: DomainError,
  { accountNo, meterNo }: { accountNo?: string | undefined; meterNo: string },
  t: Translate,
): string {
  switch (refusal.key) {
    case 'error.customer.meterTaken':
      return t('import.row.meterTaken', { meterNo });
    case 'error.customer.accountExists':
      return t('import.row.accountExists', { accountNo: accountNo ?? '' });
    case 'error.customer.accountNoRequired':
      return t('import.row.field', { field: t('customers.accountNo'), message: t('validation.required') });
    default:
      return t(refusal.key, refusal.params);
  }
}

/**
 * Batch open (spec section 5): personal domestic accounts of one customer type and one meter type. Every
 * row is checked (fields, repeats within the file, the meter, the account number); the valid ones are
 * answered ready to open, the others with their row number and reason.
 */
export async function importCustomers(
  request: FastifyRequest,
  options: ImportOptions,
): Promise<{ accounts: ImportedAccount[]; failed: ImportReport['failed'] }> {
  const t = translator(request);
  const rows = await readRows(request);
  const failed: ImportReport['failed'] = [];
  const fail = (row: number, reason: string) => failed.push({ row, reason });

  const parsed: { row: number; body: OpenAccount; meterNo: string }[] = [];
  for (const { row, cells } of rows) {
    const result = openAccountBodySchema.safeParse({
      accountNo: cells.accountNo || undefined,
      name: cells.name,
      phone: cells.phone,
      idType: cells.idType || undefined,
      idNumber: cells.idNumber || undefined,
      address: cells.address || undefined,
      payChannel: cells.payChannel || undefined,
      remarks: cells.remarks || undefined,
      // Batch open takes personal domestic use only.
      nature: '0',
      waterUse: 'domestic',
      customerTypeId: options.customerTypeId,
      priceSchemeId: options.priceSchemeId,
      meterId: '00000000-0000-7000-8000-000000000000', // matched by number below
    });
    if (!result.success) {
      const issue = result.error.issues[0]!;
      const { field, message } = toFieldError(issue, messagesIn(requestLanguage(request)));
      const column = COLUMNS.find((c) => c === field);
      fail(row, t('import.row.field', { field: column ? t(HEADERS[column]) : field, message }));
      continue;
    }
    if (!cells.meterNo) {
      fail(row, t('import.row.field', { field: t('customers.meterNo'), message: t('validation.required') }));
      continue;
    }
    parsed.push({ row, body: result.data, meterNo: cells.meterNo });
  }

  const accounts: ImportedAccount[] = [];
  await withTenant(options.db, options.tenantId, async (sql) => {
    const meters = await metersForOpening(
      sql,
      parsed.map((p) => p.meterNo),
    );
    const taken = await existingAccountNos(
      sql,
      parsed.flatMap((p) => (p.body.accountNo ? [p.body.accountNo] : [])),
    );
    const accountRows = new Map<string, number>();
    const meterRows = new Map<string, number>();
    const valid: { row: number; body: OpenAccount; meterNo: string; facts: OpeningFacts }[] = [];
    for (const p of parsed) {
      const { accountNo } = p.body;
      const meter = meters.get(p.meterNo);
      const facts: OpeningFacts = {
        meterOnAccount: meter?.taken ?? false,
        accountNoGiven: Boolean(accountNo),
        manualAccountNos: options.settings.accountNoGenMode === 'manual',
        accountNoTaken: accountNo !== undefined && taken.has(accountNo),
      };
      const reason = (() => {
        if (accountNo && accountRows.has(accountNo))
          return t('import.row.duplicateAccountNo', { accountNo, other: accountRows.get(accountNo)! });
        if (meterRows.has(p.meterNo))
          return t('import.row.duplicateMeter', { meterNo: p.meterNo, other: meterRows.get(p.meterNo)! });
        if (!meter) return t('import.row.meterNotFound', { meterNo: p.meterNo });
        if (meter.meterTypeId !== options.meterTypeId)
          return t('import.row.meterType', { meterNo: p.meterNo });
        const refused = openingRefusal(facts);
        return refused && openingRowReason(refused, { accountNo, meterNo: p.meterNo }, t);
      })();
      if (reason) {
        fail(p.row, reason);
        continue;
      }
      // Only a row that opens claims its number and meter: a refused row leaves them to a later one.
      if (accountNo) accountRows.set(accountNo, p.row);
      meterRows.set(p.meterNo, p.row);
      valid.push({ ...p, facts });
    }
    const generated = await options.nextAccountNos(sql, valid.filter((v) => !v.body.accountNo).length);
    for (const v of valid) {
      const meter = meters.get(v.meterNo)!;
      accounts.push({
        row: v.row,
        account: {
          ...v.body,
          accountNo: v.body.accountNo ?? generated.shift()!,
          meterId: meter.meterId,
          meterNo: meter.meterNo,
          meterTypeId: meter.meterTypeId,
          businessMode: meter.billingMode,
          valveControl: meter.valveControl,
          facts: v.facts,
        },
      });
    }
  });
  failed.sort((a, b) => a.row - b.row);
  return { accounts, failed };
}

/**
 * The report rows of a batch that another opening overtook (it opened nothing): each account that clashes
 * now (`clashes`, by account, from openingClashes) with its row and reason, as the check gives them; a
 * number generated for a row and taken meanwhile says so.
 */
export function takenMeanwhile(
  request: FastifyRequest,
  accounts: readonly ImportedAccount[],
  clashes: readonly (OpeningClash | null)[],
): ImportReport['failed'] {
  const t = translator(request);
  return accounts.flatMap(({ row, account: { accountNo, meterNo, facts } }, i) => {
    const refused = openingRefusal({
      ...facts,
      meterOnAccount: clashes[i] === 'meterTaken',
      accountNoTaken: clashes[i] === 'accountExists',
    });
    if (refused) return [{ row, reason: openingRowReason(refused, { accountNo, meterNo }, t) }];
    if (clashes[i] === 'accountExists')
      return [{ row, reason: t('import.row.generatedTaken', { accountNo }) }];
    return [];
  });
}

/**
 * Batch open from the uploaded workbook: the valid rows open, every refused row is reported with its number
 * and reason. When another opening takes a number or a meter of the file between the check and the save,
 * none opens and those rows are reported too.
 */
export async function batchOpen(
  services: Services,
  dispatch: CommandDispatch,
  request: FastifyRequest,
  { customerTypeId, meterTypeId, priceSchemeId }: z.output<typeof importQuerySchema>,
): Promise<ImportReport> {
  const { db } = services;
  await customerTypeOf(db, request, customerTypeId);
  if (priceSchemeId) await priceSchemeOf(db, request, priceSchemeId);
  const settings = await tenantSettings(db, request);
  const { accounts, failed } = await importCustomers(request, {
    db,
    tenantId: callerOf(request).tenantId,
    settings,
    customerTypeId,
    meterTypeId,
    priceSchemeId,
    nextAccountNos: (sql, count) => nextAccountNos(sql, settings, count),
  });
  if (accounts.length === 0) return { opened: 0, failed };
  const result = await openForCaller(
    services,
    dispatch,
    request,
    settings,
    accounts.map((a) => a.account),
  );
  if ('opened' in result) return { opened: result.opened.length, failed };
  // The batch opened nothing: the rows whose number or meter another opening took meanwhile, with the
  // reason of each, beside the rows refused before.
  const taken = takenMeanwhile(request, accounts, result.clashes);
  if (taken.length === 0) throw result.conflict;
  return { opened: 0, failed: [...failed, ...taken].sort((a, b) => a.row - b.row) };
}
