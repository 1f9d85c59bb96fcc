import { DomainError, meterRegistrationRefusal } from '@hydrolog/domain';
import { findMeters, listMeterTypes, meterTypesByName } from '@hydrolog/projections';
import {
  type Language,
  METER_IMPORT_COLUMNS,
  METER_IMPORT_MAX_ROWS,
  type MessageKey,
  type MeterBody,
  type MeterImportResult,
  meterImportRowSchema,
  toFieldError,
} from '@hydrolog/schemas';
import { messagesIn, translate } from '@hydrolog/schemas/messages/all';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerMetadata, callerOf, readAsCaller } from '../auth/guard.ts';
import { requestLanguage } from '../http.ts';
import type { Services } from '../services.ts';
import { cellText, readFirstSheet } from '../spreadsheet.ts';
import { type Column, sendXlsx } from '../xlsx.ts';
import { registerMeters } from './registry.ts';

/** The header of each template column, in the caller's language. */
export const IMPORT_HEADERS: Record<(typeof METER_IMPORT_COLUMNS)[number], MessageKey> = {
  meterNo: 'meters.meterNo',
  meterTypeName: 'meters.type',
  imei: 'meters.imei',
  sim: 'meters.sim',
  key: 'meters.key',
  initialReading: 'meter.initialReading',
  mechanicalReading: 'meter.mechanicalReading',
  zeroWaterThreshold: 'meter.zeroWaterThreshold',
  storageDate: 'meters.storageDate',
  dataSource: 'meters.dataSource',
  lng: 'meters.lng',
  lat: 'meters.lat',
};

const NUMBER_COLUMNS = new Set(['initialReading', 'mechanicalReading', 'zeroWaterThreshold', 'lng', 'lat']);

/** The template's columns; its example row names the tenant's first meter type. */
export function templateColumns(language: Language): Column<Record<string, string | number | null>>[] {
  return METER_IMPORT_COLUMNS.map((name) => ({
    header: translate(IMPORT_HEADERS[name], language),
    value: (row) => row[name] ?? null,
    width: name === 'meterTypeName' ? 30 : 20,
  }));
}

export interface ParsedRow {
  /** The spreadsheet row number (the header is row 1). */
  row: number;
  values: Record<string, unknown>;
}

/** The data rows of the first sheet of an xlsx or xls file, read by column position (headers are translated). */
export async function readImportFile(content: Buffer): Promise<ParsedRow[]> {
  const sheet = await readFirstSheet(content, {
    unreadable: 'error.meterImport.file',
    tooMany: 'error.meterImport.tooMany',
    maxRows: METER_IMPORT_MAX_ROWS,
  });
  const rows: ParsedRow[] = [];
  for (const { row, cells } of sheet) {
    if (row === 1) continue; // the header
    const values: Record<string, unknown> = {};
    METER_IMPORT_COLUMNS.forEach((name, i) => {
      const text = cellText(cells[i]);
      if (text === '') return;
      values[name] = NUMBER_COLUMNS.has(name) && !Number.isNaN(Number(text)) ? Number(text) : text;
    });
    if (Object.keys(values).length > 0) rows.push({ row, values });
  }
  if (rows.length === 0) throw new DomainError('error.meterImport.empty');
  if (rows.length > METER_IMPORT_MAX_ROWS)
    throw new DomainError('error.meterImport.tooMany', { max: METER_IMPORT_MAX_ROWS });
  return rows;
}

/**
 * Splits the rows into meters to register and refused rows, each with its reason in the caller's
 * language: a field that breaks the schema, an unknown type, a number already registered or repeated.
 */
export function checkImportRows(
  rows: readonly ParsedRow[],
  context: { typesByName: Map<string, string>; taken: Set<string>; language: Language },
): { meters: MeterBody[]; failures: MeterImportResult['failures'] } {
  const { typesByName, taken, language } = context;
  const meters: MeterBody[] = [];
  const failures: MeterImportResult['failures'] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, values } of rows) {
    const meterNo = typeof values.meterNo === 'string' ? values.meterNo : null;
    const fail = (reason: string) => failures.push({ row, meterNo, reason });
    const parsed = meterImportRowSchema.safeParse(values);
    if (!parsed.success) {
      fail(
        parsed.error.issues
          .map((issue) => {
            const error = toFieldError(issue, messagesIn(language));
            const column = IMPORT_HEADERS[error.field as keyof typeof IMPORT_HEADERS];
            return column ? `${translate(column, language)}: ${error.message}` : error.message;
          })
          .join('; '),
      );
      continue;
    }
    const { meterTypeName, ...fields } = parsed.data;
    const meterTypeId = typesByName.get(meterTypeName.toLowerCase());
    if (!meterTypeId) {
      fail(translate('error.meterImport.unknownType', language, { name: meterTypeName }));
      continue;
    }
    const refused = meterRegistrationRefusal({ numberTaken: taken.has(fields.meterNo) });
    if (refused) {
      fail(translate(refused.key, language, refused.params));
      continue;
    }
    const first = firstRowOf.get(fields.meterNo);
    if (first !== undefined) {
      fail(translate('error.meterImport.duplicate', language, { row: first }));
      continue;
    }
    firstRowOf.set(fields.meterNo, row);
    meters.push({ ...fields, meterTypeId });
  }
  return { meters, failures };
}

/** The xlsx template of a meter import, with an example row naming the tenant's first meter type. */
export async function sendImportTemplate(
  db: Services['db'],
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const types = await readAsCaller(db, request, (sql) => listMeterTypes(sql, { pageNum: 1, pageSize: 1 }));
  const example = {
    meterNo: '10000001',
    meterTypeName: types.rows[0]?.name ?? '',
    imei: '860000000000001',
    sim: '89860000000000000001',
    initialReading: 0,
    storageDate: new Date().toISOString().slice(0, 10),
    dataSource: 'gateway',
  };
  return sendXlsx(reply, 'meter-import-template', templateColumns(requestLanguage(request)), [example]);
}

/** Imports the meters of an uploaded file (multipart field `file`): good rows registered, bad rows reported. */
export async function importMeters(
  { db, store }: Services,
  request: FastifyRequest,
): Promise<MeterImportResult> {
  const file = await request.file().catch(() => undefined);
  if (file?.fieldname !== 'file') throw new DomainError('error.upload.missing');
  const content = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('error.upload.size');
    throw error;
  });
  const rows = await readImportFile(content);
  const meterNos = rows.flatMap((r) => (typeof r.values.meterNo === 'string' ? [r.values.meterNo] : []));
  const { typesByName, taken } = await readAsCaller(db, request, async (sql) => ({
    typesByName: await meterTypesByName(sql),
    taken: new Set((await findMeters(sql, callerOf(request).tenantId, meterNos)).keys()),
  }));
  const { meters, failures } = checkImportRows(rows, {
    typesByName,
    taken,
    language: requestLanguage(request),
  });
  // One append for every good row: a number registered meanwhile refuses the batch with its message.
  if (meters.length > 0) await registerMeters(store, callerMetadata(request), meters, { taken });
  return { imported: meters.length, failures };
}
