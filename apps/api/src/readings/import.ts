import { countersFromVolumes, DomainError, wallClockInstant } from '@hydrolog/domain';
import { type Checkpoint, compareCheckpoints, type NewEvent } from '@hydrolog/eventstore';
import { dropStored, sortReadings } from '@hydrolog/ingest';
import { findMeters, tenantTimeZone, withTenant } from '@hydrolog/projections';
import {
  type EventMetadata,
  type Language,
  type MessageKey,
  meterNoSchema,
  READING_IMPORT_MAX_ERRORS,
  READING_IMPORT_MAX_ROWS,
  type ReadingImportQuery,
  type ReadingImportView,
  type StoredReading,
  uuidv7,
} from '@hydrolog/schemas';
import { translate } from '@hydrolog/schemas/messages/all';
import type { Services } from '../services.ts';
import { type CellValue, cellText, readTable, type SheetRow } from '../spreadsheet.ts';
import type { Column } from '../xlsx.ts';

/**
 * Historical readings loaded from a file by a user (no gateway, no ingest horizon), so that a district's
 * years of inflow can be analysed the day a utility moves to Hydrolog. A file is CSV, xls or xlsx, its
 * columns by position: meter number, time, and the meter's counter or the volume of the interval ending at
 * that time. Every row passes the gateway's checks (meter of the tenant, not in the future, duplicates kept
 * once); the good ones are appended as `ReadingsImported` events, chunk by chunk, while the caller follows
 * the progress. An import stopped half way is finished by importing the same file again: what is stored
 * already counts as duplicates.
 */

/** A history file's columns, by position, and the header of each in a template. */
export const HISTORY_COLUMNS = ['meterNo', 'time', 'value'] as const;

/** Readings per event, and events per append (one transaction). */
const READINGS_PER_EVENT = 10_000;
const EVENTS_PER_APPEND = 10;
/** Imports kept to answer their progress, for this long after they end. */
const KEEP_MS = 24 * 3_600_000;

/** Reads a history file's table (400 for no file or a file too big is the route's). */
export function readHistoryTable(content: Buffer): Promise<SheetRow[]> {
  return readTable(content, {
    unreadable: 'error.readingImport.file',
    tooMany: 'error.meterImport.tooMany',
    maxRows: READING_IMPORT_MAX_ROWS,
  });
}

/** The template's columns in the caller's language: the third is the counter or the interval's volume. */
export function historyTemplateColumns(
  form: ReadingImportQuery['form'],
  language: Language,
): Column<Record<string, string | number | null>>[] {
  const headers: Record<(typeof HISTORY_COLUMNS)[number], MessageKey> = {
    meterNo: 'history.meterNo',
    time: 'readingImport.time',
    value: form === 'counter' ? 'readingImport.total' : 'readingImport.volume',
  };
  return HISTORY_COLUMNS.map((name) => ({
    header: translate(headers[name], language),
    value: (row) => row[name] ?? null,
    width: name === 'time' ? 32 : 20,
  }));
}

/** One data row of a history file, read. */
interface HistoryRow {
  row: number;
  meterNo: string;
  /** epoch ms */
  t: number;
  /** m3: the counter, or the interval's volume */
  value: number;
}

interface RowError {
  row: number;
  meterNo: string | null;
  key: MessageKey;
}

const ISO_WITH_OFFSET =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)\s*(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * A row's time: ISO 8601 text with its offset, or a spreadsheet date cell, which holds a wall-clock time
 * and is read in the tenant's zone (refused where the clocks skip or repeat it).
 */
function timeOf(cell: CellValue, timeZone: string): number | MessageKey {
  if (cell instanceof Date)
    return wallClockInstant(cell.getTime(), timeZone) ?? 'error.readingImport.localTime';
  const parts = ISO_WITH_OFFSET.exec(cellText(cell));
  if (!parts) return 'error.readingImport.time';
  const [, date, time, zone] = parts as unknown as [string, string, string, string];
  const offset = /^z$/i.test(zone) ? 'Z' : `${zone.slice(0, 3)}:${zone.length > 3 ? zone.slice(-2) : '00'}`;
  const t = Date.parse(`${date}T${time}${offset}`);
  return Number.isFinite(t) ? t : 'error.readingImport.time';
}

function cubicMetres(cell: CellValue): number | null {
  const text = cellText(cell);
  const value = typeof cell === 'number' ? cell : text === '' ? Number.NaN : Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/** The rows of a history file (the header is row 1), and the rows refused with why. */
export function readHistoryRows(
  table: readonly SheetRow[],
  timeZone: string,
): { rows: HistoryRow[]; errors: RowError[] } {
  const rows: HistoryRow[] = [];
  const errors: RowError[] = [];
  for (const { row, cells } of table) {
    if (row === 1) continue;
    const meterNo = cellText(cells[0]);
    const fail = (key: MessageKey) => errors.push({ row, meterNo: meterNo || null, key });
    if (!meterNoSchema.safeParse(meterNo).success) {
      fail('validation.meterNo');
      continue;
    }
    const t = timeOf(cells[1], timeZone);
    if (typeof t !== 'number') {
      fail(t);
      continue;
    }
    const value = cubicMetres(cells[2]);
    if (value === null) fail('error.readingImport.value');
    else rows.push({ row, meterNo, t, value });
  }
  return { rows, errors };
}

interface ImportJob extends ReadingImportView {
  tenantId: string;
  /** Every row refused, listed (sorted, the first READING_IMPORT_MAX_ERRORS) once checked. */
  refused: RowError[];
  /** The log positions of the import's events, to follow the readings projection over them. */
  checkpoints: Checkpoint[];
  endedAt: number | null;
}

/** The imports of one running service, their progress kept in memory while they run and a day after. */
export class ReadingImports {
  private readonly jobs = new Map<string, ImportJob>();

  constructor(private readonly services: Services) {}

  /** Starts importing a file's table (read already); answers the import's id at once. */
  start(
    metadata: EventMetadata,
    file: { name: string; table: SheetRow[] },
    query: ReadingImportQuery,
    language: Language,
  ): string {
    this.forgetOld();
    const importId = uuidv7();
    const job: ImportJob = {
      importId,
      tenantId: metadata.tenantId,
      status: 'checking',
      form: query.form,
      fileName: file.name,
      startedAt: new Date().toISOString(),
      rows: file.table.filter((r) => r.row > 1).length,
      readings: 0,
      stored: 0,
      duplicates: 0,
      errorCount: 0,
      errors: [],
      meterNos: [],
      from: null,
      to: null,
      figures: 0,
      message: null,
      refused: [],
      checkpoints: [],
      endedAt: null,
    };
    this.jobs.set(importId, job);
    void this.run(job, file.table, query, language, metadata).then(
      () => {
        job.status = 'done';
        job.endedAt = Date.now();
      },
      (error: unknown) => {
        job.status = 'failed';
        job.endedAt = Date.now();
        job.message =
          error instanceof DomainError
            ? translate(error.key, language, error.params)
            : translate('error.readingImport.stopped', language);
        if (!(error instanceof DomainError)) console.error('reading import:', error);
      },
    );
    return importId;
  }

  /** An import of the tenant (another tenant's is not found), with how far the figures have followed it. */
  async view(tenantId: string, importId: string): Promise<ReadingImportView | null> {
    const job = this.jobs.get(importId);
    if (!job || job.tenantId !== tenantId) return null;
    const { tenantId: _, refused: __, checkpoints, endedAt: ___, ...view } = job;
    if (checkpoints.length === 0) return { ...view, figures: job.status === 'done' ? 1 : 0 };
    const { checkpoint } = await this.services.runner.state('readings');
    const applied = checkpoints.filter((c) => compareCheckpoints(c, checkpoint) <= 0).length;
    return { ...view, figures: applied / checkpoints.length };
  }

  private forgetOld() {
    const now = Date.now();
    for (const [id, job] of this.jobs)
      if (job.endedAt !== null && now - job.endedAt > KEEP_MS) this.jobs.delete(id);
  }

  private async run(
    job: ImportJob,
    table: readonly SheetRow[],
    query: ReadingImportQuery,
    language: Language,
    metadata: EventMetadata,
  ): Promise<void> {
    const { db, store } = this.services;
    const refuse = (row: number, meterNo: string | null, key: MessageKey) =>
      job.refused.push({ row, meterNo, key });
    const timeZone = await withTenant(db, job.tenantId, (sql) => tenantTimeZone(sql, job.tenantId));
    const read = readHistoryRows(table, timeZone);
    job.refused.push(...read.errors);

    // The gateway's checks, row by row: the meter is the tenant's, the time not in the future; a row
    // repeated (same meter and time) is a duplicate.
    const meterIds = await findMeters(db, job.tenantId, [...new Set(read.rows.map((r) => r.meterNo))]);
    const sorted = sortReadings(
      meterIds,
      read.rows.map((r) => ({ meterNo: r.meterNo, ts: new Date(r.t).toISOString(), total: r.value })),
      new Date(),
      null,
    );
    for (const { index, meterNo, reason } of sorted.rejected)
      refuse(
        read.rows[index]!.row,
        meterNo,
        reason === 'tsInFuture' ? 'error.readingImport.tsInFuture' : 'error.readingImport.unknownMeter',
      );
    job.duplicates = sorted.duplicates;
    // The row each kept reading came from: the first of rows repeated, as sortReadings keeps it.
    const rowOf = new Map<string, number>();
    for (const r of read.rows) if (!rowOf.has(`${r.meterNo}|${r.t}`)) rowOf.set(`${r.meterNo}|${r.t}`, r.row);

    const byMeter =
      query.form === 'counter'
        ? sorted.byMeter
        : await this.volumesAsCounters(sorted, query.intervalMinutes * 60_000, rowOf, refuse);
    job.duplicates += await dropStored(db, byMeter);
    job.refused.sort((a, b) => a.row - b.row);
    job.errorCount = job.refused.length;
    job.errors = job.refused
      .slice(0, READING_IMPORT_MAX_ERRORS)
      .map((e) => ({ row: e.row, meterNo: e.meterNo, message: translate(e.key, language) }));
    job.refused = [];

    // Stored chunk by chunk: one event per meter and chunk, a few events per append.
    const events: NewEvent[] = [];
    for (const [meterId, readings] of byMeter) {
      const list = [...readings.values()].sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts));
      if (list.length === 0) continue;
      job.meterNos.push(sorted.meterNos.get(meterId)!);
      if (job.from === null || list[0]!.ts < job.from) job.from = list[0]!.ts;
      if (job.to === null || list.at(-1)!.ts > job.to) job.to = list.at(-1)!.ts;
      for (let i = 0; i < list.length; i += READINGS_PER_EVENT)
        events.push({
          id: uuidv7(),
          type: 'ReadingsImported',
          data: { importId: job.importId, meterId, readings: list.slice(i, i + READINGS_PER_EVENT) },
          metadata: { ...metadata, correlationId: job.importId },
        });
      job.readings += list.length;
    }
    job.meterNos.sort();
    job.status = 'storing';
    const stream = `readingImport-${job.importId}`;
    for (let i = 0; i < events.length; i += EVENTS_PER_APPEND) {
      const chunk = events.slice(i, i + EVENTS_PER_APPEND);
      const { events: recorded } = await store.append(stream, chunk, {
        expectedVersion: i === 0 ? 'no_stream' : BigInt(i - 1),
      });
      job.checkpoints.push(...recorded.map((e) => e.checkpoint));
      job.stored += chunk.reduce((n, e) => n + (e.data as { readings: unknown[] }).readings.length, 0);
    }
  }

  /**
   * Volumes per interval as each meter's counter (countersFromVolumes). A row whose interval overlaps the
   * previous row's is refused, and so is a run of intervals over which the meter has other readings (two
   * counters cannot be told apart): what is imported again is its own readings, counted as duplicates.
   */
  private async volumesAsCounters(
    sorted: ReturnType<typeof sortReadings>,
    intervalMs: number,
    rowOf: Map<string, number>,
    refuse: (row: number, meterNo: string | null, key: MessageKey) => void,
  ): Promise<Map<string, Map<number, StoredReading>>> {
    const out = new Map<string, Map<number, StoredReading>>();
    for (const [meterId, readings] of sorted.byMeter) {
      const meterNo = sorted.meterNos.get(meterId)!;
      const rows: { t: number; volume: number; row: number }[] = [];
      for (const reading of [...readings.values()].sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts))) {
        const t = Date.parse(reading.ts);
        const row = rowOf.get(`${meterNo}|${t}`)!;
        if (rows.length > 0 && t - rows.at(-1)!.t < intervalMs)
          refuse(row, meterNo, 'error.readingImport.overlap');
        else rows.push({ t, volume: reading.total, row });
      }
      const counters = countersFromVolumes(rows, intervalMs);
      // Runs of following intervals: from a reading with a break before to one with a break after.
      const runs: (typeof counters)[] = [];
      for (const c of counters) {
        if (c.counterBreak === 'before') runs.push([]);
        runs.at(-1)!.push(c);
      }
      const stored = await this.storedReadings(meterId, counters[0]?.t ?? 0, counters.at(-1)?.t ?? 0);
      const accepted = new Map<number, StoredReading>();
      for (const run of runs) {
        // Only the run's own readings, imported before, may be there already.
        const own = new Map(run.map((c) => [c.t, `${c.total}|${c.counterBreak ?? ''}`]));
        const clash = stored.some(
          (r) =>
            r.t >= run[0]!.t && r.t <= run.at(-1)!.t && own.get(r.t) !== `${r.total}|${r.counterBreak ?? ''}`,
        );
        if (clash) {
          for (const row of new Set(run.map((c) => rows[c.row]!.row)))
            refuse(row, meterNo, 'error.readingImport.period');
          continue;
        }
        for (const c of run)
          accepted.set(c.t, {
            ts: new Date(c.t).toISOString(),
            total: c.total,
            ...(c.counterBreak ? { counterBreak: c.counterBreak } : {}),
          });
      }
      out.set(meterId, accepted);
    }
    return out;
  }

  /** A meter's stored readings in [from, to] (epoch ms). */
  private async storedReadings(
    meterId: string,
    from: number,
    to: number,
  ): Promise<{ t: number; total: number; counterBreak: string | null }[]> {
    const { rows } = await this.services.db.query<{ ts: Date; total: number; counter_break: string | null }>(
      'SELECT ts, total, counter_break FROM readings WHERE meter_id = $1 AND ts >= $2 AND ts <= $3',
      [meterId, new Date(from).toISOString(), new Date(to).toISOString()],
    );
    return rows.map((r) => ({ t: r.ts.getTime(), total: r.total, counterBreak: r.counter_break }));
  }
}
