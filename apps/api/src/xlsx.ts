import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

export interface Column<Row> {
  header: string;
  value: (row: Row) => string | number | null;
  width?: number;
}

/** Most rows an export writes (the list's filter applies; a bigger one is cut here). */
export const EXPORT_MAX_ROWS = 50_000;

/** Every row of a list page's filter: each export is that list's xlsx workbook, in the caller's language. */
export const everyRow = { pageNum: 1, pageSize: EXPORT_MAX_ROWS };

/** An export takes the whole filter of a list, up to EXPORT_MAX_ROWS rows. */
export type Filter<Query extends z.ZodObject> = Omit<z.output<Query>, 'pageNum' | 'pageSize'>;

/** Answers an .xlsx workbook of one sheet (the export of a list's current filter). */
export async function sendXlsx<Row>(
  reply: FastifyReply,
  fileName: string,
  columns: readonly Column<Row>[],
  rows: readonly Row[],
): Promise<FastifyReply> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(fileName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${encodeURIComponent(fileName)}.xlsx"`)
    .send(buffer);
}
