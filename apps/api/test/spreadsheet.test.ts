import { readFileSync } from 'node:fs';
import { DomainError } from '@hydrolog/domain';
import CFB from 'cfb';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellText, type ReadOptions, readFirstSheet } from '../src/spreadsheet.ts';

const OPTIONS: ReadOptions = {
  unreadable: 'error.meterImport.file',
  tooMany: 'error.meterImport.tooMany',
  maxRows: 5000,
};
const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url));

/** The DomainError key a read fails with. */
async function failure(content: Buffer, options = OPTIONS): Promise<string> {
  const error = await readFirstSheet(content, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).key;
}

/** A compound file whose Workbook stream holds the given bytes. */
function compoundFile(stream: Buffer): Buffer {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'Workbook', stream);
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

/** One BIFF record: type, length, data. */
function record(type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
}
const BOF = record(0x0809, Buffer.from([0x00, 0x06, 0x05, 0x00]));
const EOF = record(0x000a, Buffer.alloc(0));

describe('readFirstSheet: legacy xls (BIFF8)', () => {
  it('reads strings, RK and full numbers, booleans, dates and skips blank cells, rows and other sheets', async () => {
    const rows = await readFirstSheet(fixture('cells.xls'), OPTIONS);
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3, 5]); // row 4 is blank
    expect(rows[0]!.cells).toEqual(['名称', 'integer', 'decimal', 'big', 'flag', 'date', 'formula']);
    // xlwt stores no cached formula result: the formula cells read as blank.
    expect(rows[1]!.cells).toEqual([
      '水表一号',
      42,
      4.5,
      123456789.25,
      true,
      new Date('2026-09-30T00:00:00Z'),
    ]);
    expect(rows[2]!.cells).toEqual(['Grün', -7, 1.23, 1e15, false]);
    expect(rows[3]!.cells).toEqual([undefined, undefined, 'last']);
    expect(rows[1]!.cells.map(cellText)).toEqual([
      '水表一号',
      '42',
      '4.5',
      '123456789.25',
      'true',
      '2026-09-30',
    ]);
  });

  it('reads a shared-string table of 3000 strings spanning CONTINUE records', async () => {
    const rows = await readFirstSheet(fixture('long-sst.xls'), OPTIONS);
    const cells = rows.flatMap((r) => r.cells);
    expect(cells).toHaveLength(3000);
    expect(new Set(cells).size).toBe(3000);
    expect(cells[0]).toBe('水0000');
    expect(cells[1999]).toBe('s1999');
    expect(cells[2998]).toBe('水2998');
  });

  it('reads cached formula results (number, string via STRING, boolean) and inline LABEL strings', async () => {
    // xlwt writes no cached formula results, so this sheet is built record by record.
    const cell = (type: number, row: number, column: number, rest: Buffer) =>
      record(type, Buffer.concat([Buffer.from([row, 0, column, 0, 0, 0]), rest]));
    const result = (bytes: number[]) => Buffer.concat([Buffer.from(bytes), Buffer.alloc(8)]); // + grbit, chcn, cce
    const number = Buffer.alloc(8);
    number.writeDoubleLE(42.5);
    const sheet = Buffer.concat([
      BOF,
      cell(0x0006, 1, 0, Buffer.concat([number, Buffer.alloc(8)])),
      cell(0x0006, 1, 1, result([0, 0, 0, 0, 0, 0, 0xff, 0xff])),
      record(0x0207, Buffer.from([3, 0, 0, 0x61, 0x62, 0x63])), // STRING "abc", 8-bit
      cell(0x0006, 1, 2, result([1, 0, 1, 0, 0, 0, 0xff, 0xff])), // boolean true
      cell(0x0204, 1, 3, Buffer.from([2, 0, 1, 0x34, 0x6c, 0x68, 0x88])), // LABEL "水表", UTF-16
      EOF,
    ]);
    const boundSheet = (offset: number) =>
      record(0x0085, Buffer.concat([Buffer.from([offset, 0, 0, 0, 0, 0]), Buffer.from([1, 0, 0x53])]));
    const globalsLength = BOF.length + boundSheet(0).length + EOF.length;
    const stream = Buffer.concat([BOF, boundSheet(globalsLength), EOF, sheet]);
    expect(await readFirstSheet(compoundFile(stream), OPTIONS)).toEqual([
      { row: 2, cells: [42.5, 'abc', true, '水表'] },
    ]);
  });

  it('refuses more data rows than the caller takes with its own message', async () => {
    expect(await failure(fixture('long-sst.xls'), { ...OPTIONS, maxRows: 10 })).toBe(
      'error.meterImport.tooMany',
    );
  });

  it('gives the clear error for a truncated, damaged or foreign file, never a crash', async () => {
    const xls = fixture('cells.xls');
    expect(await failure(xls.subarray(0, 2000))).toBe('error.meterImport.file');
    expect(await failure(Buffer.from('meterNo,type\n1,2'))).toBe('error.meterImport.file');
    expect(await failure(Buffer.alloc(0))).toBe('error.meterImport.file');
    // A compound file without a workbook stream (e.g. a Word document).
    const other = CFB.utils.cfb_new();
    CFB.utils.cfb_add(other, 'WordDocument', Buffer.alloc(600));
    expect(await failure(Buffer.from(CFB.write(other, { type: 'buffer' }) as Uint8Array))).toBe(
      'error.meterImport.file',
    );
    // Crafted streams: a record longer than the stream, an SST promising 2^32-1 strings, no EOF.
    expect(await failure(compoundFile(Buffer.concat([BOF, Buffer.from([0xfc, 0x00, 0xff, 0xff, 1])])))).toBe(
      'error.meterImport.file',
    );
    const sst = record(0x00fc, Buffer.from([1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 5, 0, 0, 0x61]));
    expect(await failure(compoundFile(Buffer.concat([BOF, sst])))).toBe('error.meterImport.file');
    expect(await failure(compoundFile(BOF))).toBe('error.meterImport.file');
  });
});

describe('readFirstSheet: xlsx', () => {
  it('reads the first sheet with formulas, rich text and dates as their shown values', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('one');
    sheet.addRow(['meterNo', 'date']);
    sheet.addRow([3100001, new Date('2026-09-30T00:00:00Z'), { formula: '1+1', result: 2 }]);
    sheet.addRow([{ richText: [{ text: 'ab' }, { text: 'c' }] }, '', true]);
    book.addWorksheet('two').addRow(['not read']);
    const rows = await readFirstSheet(Buffer.from(await book.xlsx.writeBuffer()), OPTIONS);
    expect(rows).toEqual([
      { row: 1, cells: ['meterNo', 'date'] },
      { row: 2, cells: [3100001, new Date('2026-09-30T00:00:00Z'), 2] },
      { row: 3, cells: ['abc', undefined, true] },
    ]);
    expect(await failure(Buffer.from('PK\x03\x04 not a zip'))).toBe('error.meterImport.file');
  });
});
