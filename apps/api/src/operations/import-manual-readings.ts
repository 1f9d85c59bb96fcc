import { DomainError } from '@hydrolog/domain';
import { tenantTimeZone } from '@hydrolog/projections';
import { MANUAL_READING_IMPORT_MAX_ROWS, type ManualReadingImportAnswer } from '@hydrolog/schemas';
import { translate } from '@hydrolog/schemas/messages/all';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { requestLanguage } from '../http.ts';
import { readHistoryRows } from '../readings/index.ts';
import type { Services } from '../services.ts';
import { readTable } from '../spreadsheet.ts';
import { appendManualReading } from './enter-manual-reading.ts';

/** A sheet of readings is small: what one reader brings back from a round. */
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * Manual readings from a CSV, xls or xlsx file in the history import's columns (meter number, time with
 * its offset, counter), each row entered as one typed in the form and refused alike, with its row number.
 */
export async function importManualReadings(
  services: Services,
  request: FastifyRequest,
): Promise<ManualReadingImportAnswer> {
  const file = await request.file({ limits: { fileSize: MAX_BYTES, files: 1 } }).catch(() => undefined);
  if (file?.fieldname !== 'file') throw new DomainError('error.upload.missing');
  const content = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('error.upload.size');
    throw error;
  });
  const table = await readTable(content, {
    unreadable: 'error.readingImport.file',
    tooMany: 'error.meterImport.tooMany',
    maxRows: MANUAL_READING_IMPORT_MAX_ROWS,
  });
  const language = requestLanguage(request);
  const timeZone = await readAsCaller(services.db, request, (sql) =>
    tenantTimeZone(sql, callerOf(request).tenantId),
  );
  const read = readHistoryRows(table, timeZone);
  const errors = read.errors.map((e) => ({
    row: e.row,
    meterNo: e.meterNo,
    message: translate(e.key, language),
  }));
  let imported = 0;
  // In time order, so that each row is checked against the counters of the rows before it.
  for (const row of [...read.rows].sort((a, b) => a.t - b.t)) {
    try {
      await appendManualReading(services, request, {
        meterNo: row.meterNo,
        total: row.value,
        readAt: new Date(row.t).toISOString(),
        reset: false,
        photoUrl: null,
        planId: null,
        remark: '',
      });
      imported++;
      // The next row of the meter is checked against this one, once the readings read model has it.
      await services.runner.catchUp('readings');
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      errors.push({
        row: row.row,
        meterNo: row.meterNo,
        message: translate(error.key, language, error.params),
      });
    }
  }
  return { imported, errors: errors.sort((a, b) => a.row - b.row) };
}
