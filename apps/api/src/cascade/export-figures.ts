import { dailyFigures, nightFigures } from '@hydrolog/projections';
import { analysisQuerySchema, type MessageKey, type UnknownReason } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { type Column, sendXlsx } from '../xlsx.ts';
import { type PeriodFigures, periodFigures } from './analysis.ts';

type Row = Record<string, string | number | null>;

export interface FiguresExport {
  pointId: string;
  from: string;
  to: string;
  format: 'csv' | 'xlsx';
}

/** Answers a point's daily or night figures of a period as an xlsx workbook or a csv file. */
export async function exportFigures(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: 'daily' | 'night',
  body: FiguresExport,
) {
  const query = analysisQuerySchema.parse(body);
  const columns = figureColumns(request, kind);
  const read: PeriodFigures<Row[]> = kind === 'daily' ? dailyFigures : nightFigures;
  const rows = await periodFigures(services, request, query, read);
  const fileName = `cascade-${kind}-${query.from}-${query.to}`;
  if (body.format === 'xlsx') return sendXlsx(reply, fileName, columns, rows);
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const csv = [columns.map((c) => cell(c.header)), ...rows.map((r) => columns.map((c) => cell(c.value(r))))]
    .map((line) => line.join(','))
    .join('\r\n');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}.csv"`)
    .send(`\ufeff${csv}\r\n`);
}

/** The columns of an export, headed in the reader's language. */
function figureColumns(request: FastifyRequest, kind: 'daily' | 'night'): Column<Row>[] {
  const t = translator(request);
  // Each null figure's reason in the reader's language, in a column of its own.
  const figure = (field: string, header: MessageKey): Column<Row> => ({
    header: t(header),
    value: (row) => {
      const value = row[field] ?? null;
      return field.endsWith('nknown') && value !== null ? t(`unknown.${value as UnknownReason}`) : value;
    },
  });
  return kind === 'daily'
    ? [
        ...(['date', 'supply', 'sales', 'leakage', 'leakageRate', 'coverage', 'supplyCoverage'] as const).map(
          (field) => figure(field, `cascade.${field}`),
        ),
        figure('unknown', 'cascade.unknown'),
      ]
    : [
        ...(['date', 'mnf', 'adf', 'kl', 'mnfUnknown', 'adfUnknown'] as const).map((field) =>
          figure(field, `cascade.${field}`),
        ),
        figure('coverage', 'cascade.nightCoverage'),
      ];
}
