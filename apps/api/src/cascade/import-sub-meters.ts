import { DomainError, mayBeSubMeter } from '@hydrolog/domain';
import { CASCADE_IMPORT_MAX, type MessageKey, meterNoSchema } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { cellText, readFirstSheet } from '../spreadsheet.ts';
import { sendXlsx } from '../xlsx.ts';
import { addSubMeters } from './associate-sub-meters.ts';
import { pointOf, subMeterFacts } from './lookups.ts';

/** The import template: one meter number per row under a header. */
export const sendSubMeterTemplate = (request: FastifyRequest, reply: FastifyReply) =>
  sendXlsx<string>(
    reply,
    'sub-meters',
    [{ header: translator(request)('cascade.meterNo'), value: (no) => no, width: 24 }],
    [],
  );

/**
 * Associates the opened meters of an uploaded xls/xlsx file (multipart field file) with a point. A number
 * that is malformed or not of an opened meter of the tenant is reported with its row, the others added.
 */
export async function importSubMeters(services: Services, request: FastifyRequest, pointId: string) {
  const point = await pointOf(services, request, pointId);
  const file = await request.file().catch(() => undefined);
  if (!file) throw new DomainError('error.cascade.importFile');
  const content = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('error.upload.size');
    throw error;
  });
  const sheet = await readFirstSheet(content, {
    unreadable: 'error.cascade.importFile',
    tooMany: 'validation.tooMany',
    maxRows: CASCADE_IMPORT_MAX,
  });
  const rows = sheet
    .filter((r) => r.row > 1) // the header
    .map((r) => ({ row: r.row, meterNo: cellText(r.cells[0]) }))
    .filter((r) => r.meterNo);
  if (rows.length === 0) throw new DomainError('validation.atLeastOne');
  if (rows.length > CASCADE_IMPORT_MAX)
    throw new DomainError('validation.tooMany', { max: CASCADE_IMPORT_MAX });
  const t = translator(request);
  const errors: { row: number; meterNo: string; message: string }[] = [];
  const rowError = (row: number, meterNo: string, key: MessageKey) =>
    errors.push({ row, meterNo, message: t(key, { meterNo }) });
  const valid = rows.filter((r) => {
    const okNo = meterNoSchema.safeParse(r.meterNo).success;
    if (!okNo) rowError(r.row, r.meterNo, 'validation.meterNo');
    return okNo;
  });
  // Each number once, with what the partition's decider needs; a row it would refuse is reported.
  const facts = new Map(
    (await subMeterFacts(services, request, [...new Set(valid.map((r) => r.meterNo))])).map((f) => [
      f.meterNo,
      f,
    ]),
  );
  for (const r of valid)
    if (!mayBeSubMeter(facts.get(r.meterNo)!)) rowError(r.row, r.meterNo, 'error.cascade.meterNotOpened');
  const meters = [...facts.values()].filter(mayBeSubMeter);
  const answer =
    meters.length > 0
      ? await addSubMeters(services, request, point, meters)
      : { added: 0, total: point.subMeterCount };
  return { ...answer, errors };
}
