import { DomainError } from '@hydrolog/domain';
import type { MessageKey } from '@hydrolog/schemas';
import CFB from 'cfb';
import ExcelJS from 'exceljs';

/** One cell as the imports use it; blanks are undefined. */
export type CellValue = string | number | boolean | Date | undefined;

export interface SheetRow {
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  /** Cells by column position (index 0 is column A). */
  cells: CellValue[];
}

export interface ReadOptions {
  /** The caller's message for a file that is not a readable xlsx or xls workbook. */
  unreadable: MessageKey;
  /** The caller's message (with {max}) when the sheet has more data rows than it takes. */
  tooMany: MessageKey;
  /** At most this many data rows below the header. */
  maxRows: number;
}

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]); // a zip
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]); // a compound file holding a BIFF8 workbook

/**
 * The non-empty rows of the first sheet of an xlsx or legacy xls (BIFF8) workbook, told apart by their
 * first bytes (a file name or declared type can lie). Anything else or a damaged file gives the caller's
 * own error, never a crash.
 *
 * From .xls: text, numbers, booleans and cached formula results; a number styled with a date format
 * (built-in, or custom with d/m/y/h/s) reads as a Date, which cellText shows as YYYY-MM-DD like the
 * templates' date column. Error cells and formulas saved without a cached result read as blank.
 * Only BIFF8 (Excel 97 and later); older BIFF and encrypted workbooks are refused as unreadable.
 */
export async function readFirstSheet(content: Buffer, options: ReadOptions): Promise<SheetRow[]> {
  let rows: SheetRow[];
  if (content.subarray(0, 4).equals(XLSX_MAGIC)) rows = await readXlsx(content, options);
  else if (content.subarray(0, 4).equals(OLE2_MAGIC)) rows = readXls(content, options);
  else throw new DomainError(options.unreadable);
  const dataRows = rows.filter((r) => r.row > 1).length;
  if (dataRows > options.maxRows) throw new DomainError(options.tooMany, { max: options.maxRows });
  return rows;
}

/**
 * The non-empty rows of a CSV file or of the first sheet of an xlsx or xls workbook (told apart by their
 * first bytes): for imports that also take the plain text most systems export.
 */
export async function readTable(content: Buffer, options: ReadOptions): Promise<SheetRow[]> {
  const head = content.subarray(0, 4);
  if (head.equals(XLSX_MAGIC) || head.equals(OLE2_MAGIC)) return readFirstSheet(content, options);
  const rows = readCsv(content, options);
  const dataRows = rows.filter((r) => r.row > 1).length;
  if (dataRows > options.maxRows) throw new DomainError(options.tooMany, { max: options.maxRows });
  return rows;
}

/**
 * CSV as RFC 4180 writes it (quotes around fields that hold the delimiter, a quote or a line break, quotes
 * doubled inside), in UTF-8 with or without a byte-order mark, its delimiter (comma, semicolon or tab) the
 * one its first line uses most. Rows are numbered by the line they start on; cells are text.
 */
function readCsv(content: Buffer, options: ReadOptions): SheetRow[] {
  const text = content.toString('utf8').replace(/^\uFEFF/, '');
  // Binary content (or another encoding) is not a CSV file.
  if (text.includes('\u0000') || text.includes('\uFFFD')) throw new DomainError(options.unreadable);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  const rows: SheetRow[] = [];
  let cells: CellValue[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endCell = () => {
    const value = cell.trim();
    cells.push(value === '' ? undefined : value);
    cell = '';
  };
  const endRow = () => {
    endCell();
    if (cells.some((c) => c !== undefined)) rows.push({ row: rowLine, cells });
    cells = [];
    rowLine = line;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (c === delimiter) endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      endRow();
    } else cell += c;
  }
  if (quoted) throw new DomainError(options.unreadable);
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** A cell as the text a person typed: numbers without float noise, dates as YYYY-MM-DD, blanks ''. */
export function cellText(value: CellValue): string {
  if (value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

async function readXlsx(content: Buffer, options: ReadOptions): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer).catch(() => {
    throw new DomainError(options.unreadable);
  });
  const rows: SheetRow[] = [];
  workbook.worksheets[0]?.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: CellValue[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells[column - 1] = xlsxValue(cell.value);
    });
    if (cells.some((c) => c !== undefined)) rows.push({ row: number, cells });
  });
  return rows;
}

/** exceljs wraps formulas, rich text and links in objects: the value shown is what counts. */
function xlsxValue(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined || value instanceof Date) return value ?? undefined;
  if (typeof value !== 'object') return value === '' ? undefined : value;
  if ('result' in value) return xlsxValue(value.result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((r) => r.text).join('') || undefined;
  if ('text' in value) return String(value.text) || undefined;
  return undefined; // an error value
}

// ---- Legacy .xls: BIFF8 records in the compound file's Workbook stream ----

/** BIFF8 record types read here (MS-XLS 2.3). */
const RECORD = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f, // the workbook is encrypted
  DATEMODE: 0x0022, // 1904 date system flag
  FORMAT: 0x041e, // a custom number format
  XF: 0x00e0, // a cell style; its number format tells dates from numbers
  BOUNDSHEET: 0x0085, // a sheet's name, kind and stream offset
  SST: 0x00fc, // the shared strings
  CONTINUE: 0x003c, // the rest of a record longer than 8224 bytes
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  BOOLERR: 0x0205,
  FORMULA: 0x0006,
  STRING: 0x0207, // a formula's cached string, right after the FORMULA
} as const;

/** Built-in number formats that show a date or a time (MS-XLS 2.5.165). */
const DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A record's bytes with its CONTINUE parts appended; `breaks` are where each CONTINUE began. */
interface BiffRecord {
  type: number;
  data: Buffer;
  breaks: Set<number>;
}

/** Thrown on any out-of-bounds read; turned into the caller's error. */
class Corrupt extends Error {}

/** Bounds-checked reads over a record, stepping over CONTINUE breaks inside strings. */
class Cursor {
  pos = 0;
  constructor(private readonly record: BiffRecord) {}
  private need(n: number) {
    if (n < 0 || this.pos + n > this.record.data.length) throw new Corrupt();
  }
  u8() {
    this.need(1);
    return this.record.data.readUInt8(this.pos++);
  }
  u16() {
    this.need(2);
    this.pos += 2;
    return this.record.data.readUInt16LE(this.pos - 2);
  }
  u32() {
    this.need(4);
    this.pos += 4;
    return this.record.data.readUInt32LE(this.pos - 4);
  }
  f64() {
    this.need(8);
    this.pos += 8;
    return this.record.data.readDoubleLE(this.pos - 8);
  }
  skip(n: number) {
    this.need(n);
    this.pos += n;
  }
  /**
   * An XLUnicodeString (MS-XLS 2.5.294): flags tell 8-bit or UTF-16 characters and trailing rich-text
   * runs / phonetic data to skip. Characters split by a CONTINUE restart with a fresh flags byte.
   */
  unicodeString(count: number): string {
    let flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const extended = flags & 0x04 ? this.u32() : 0;
    let text = '';
    for (let i = 0; i < count; i++) {
      if (this.record.breaks.has(this.pos)) flags = this.u8();
      text += String.fromCharCode(flags & 0x01 ? this.u16() : this.u8());
    }
    this.skip(runs * 4);
    this.skip(extended);
    return text;
  }
}

/** The Workbook stream's records from `start`, each joined with its CONTINUEs, up to the matching EOF. */
function* records(stream: Buffer, start: number): Generator<BiffRecord> {
  let pos = start;
  while (pos + 4 <= stream.length) {
    const type = stream.readUInt16LE(pos);
    const size = stream.readUInt16LE(pos + 2);
    if (pos + 4 + size > stream.length) throw new Corrupt();
    const parts = [stream.subarray(pos + 4, pos + 4 + size)];
    const breaks = new Set<number>();
    let length = size;
    pos += 4 + size;
    while (pos + 4 <= stream.length && stream.readUInt16LE(pos) === RECORD.CONTINUE) {
      const more = stream.readUInt16LE(pos + 2);
      if (pos + 4 + more > stream.length) throw new Corrupt();
      breaks.add(length);
      parts.push(stream.subarray(pos + 4, pos + 4 + more));
      length += more;
      pos += 4 + more;
    }
    yield { type, data: Buffer.concat(parts), breaks };
    if (type === RECORD.EOF) return;
  }
  throw new Corrupt(); // a substream must end with EOF
}

/** Excel's serial day number as a date (1900 system counts from 1899-12-30 past its fake leap day). */
function serialDate(serial: number, from1904: boolean): Date {
  const epoch = from1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return new Date(epoch + Math.round(serial * 86_400_000));
}

/** An RK value (MS-XLS 2.5.218): a 30-bit integer or the high bits of a double, maybe divided by 100. */
function rkNumber(rk: number): number {
  let value: number;
  if (rk & 0x02) value = rk >> 2;
  else {
    const bytes = Buffer.alloc(8);
    bytes.writeUInt32LE(rk & 0xfffffffc, 4);
    value = bytes.readDoubleLE(0);
  }
  return rk & 0x01 ? value / 100 : value;
}

function readXls(content: Buffer, options: ReadOptions): SheetRow[] {
  try {
    const container = CFB.read(content, { type: 'buffer' });
    const entry = CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book');
    if (!entry?.content) throw new Corrupt();
    return readBiff8(Buffer.from(entry.content as Uint8Array), options.maxRows);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError(options.unreadable);
  }
}

/** The globals substream (strings, styles, sheets), then the first worksheet's cells. */
function readBiff8(stream: Buffer, maxRows: number): SheetRow[] {
  const strings: string[] = [];
  const customFormats = new Map<number, string>();
  const xfFormats: number[] = [];
  let from1904 = false;
  let firstSheet: number | undefined;
  let sawBof = false;
  for (const record of records(stream, 0)) {
    const at = new Cursor(record);
    if (record.type === RECORD.BOF) {
      if (at.u16() !== 0x0600) throw new Corrupt(); // BIFF8 only (Excel 97 and later)
      sawBof = true;
    } else if (record.type === RECORD.FILEPASS) throw new Corrupt();
    else if (record.type === RECORD.DATEMODE) from1904 = at.u16() === 1;
    else if (record.type === RECORD.FORMAT) customFormats.set(at.u16(), at.unicodeString(at.u16()));
    else if (record.type === RECORD.XF) {
      at.skip(2);
      xfFormats.push(at.u16());
    } else if (record.type === RECORD.BOUNDSHEET) {
      const offset = at.u32();
      at.skip(1);
      if (at.u8() === 0 && firstSheet === undefined) firstSheet = offset; // 0 = worksheet
    } else if (record.type === RECORD.SST) {
      at.skip(4);
      const unique = at.u32();
      for (let i = 0; i < unique; i++) strings.push(at.unicodeString(at.u16()));
    }
  }
  if (!sawBof || firstSheet === undefined) throw new Corrupt();

  const isDate = (xf: number) => {
    const format = xfFormats[xf];
    if (format === undefined) return false;
    if (DATE_FORMATS.has(format)) return true;
    // A custom format is a date when, past its quoted text and [colour]/[locale] parts, it uses d m y h s.
    const pattern = customFormats.get(format)?.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
    return pattern !== undefined && /[dmyhs]/i.test(pattern);
  };
  const number = (xf: number, value: number): CellValue => (isDate(xf) ? serialDate(value, from1904) : value);

  const rows = new Map<number, CellValue[]>();
  const put = (row: number, column: number, value: CellValue) => {
    if (value === undefined || value === '') return;
    let cells = rows.get(row);
    if (!cells) {
      // Header and one row past the limit are enough for the caller to refuse a long file.
      if (rows.size > maxRows + 1) return;
      cells = [];
      rows.set(row, cells);
    }
    cells[column] = value;
  };
  let pendingFormula: { row: number; column: number } | undefined; // waits for its STRING record
  const sheet = records(stream, firstSheet);
  for (const record of sheet) {
    const at = new Cursor(record);
    if (record.type === RECORD.STRING && pendingFormula) {
      put(pendingFormula.row, pendingFormula.column, at.unicodeString(at.u16()));
      pendingFormula = undefined;
      continue;
    }
    pendingFormula = undefined;
    if (
      record.type !== RECORD.LABELSST &&
      record.type !== RECORD.LABEL &&
      record.type !== RECORD.NUMBER &&
      record.type !== RECORD.RK &&
      record.type !== RECORD.MULRK &&
      record.type !== RECORD.BOOLERR &&
      record.type !== RECORD.FORMULA
    )
      continue;
    const row = at.u16();
    const column = at.u16();
    if (record.type === RECORD.MULRK) {
      // (xf, rk) pairs for consecutive columns, then the last column number.
      const count = Math.floor((record.data.length - 6) / 6);
      for (let i = 0; i < count; i++) {
        const xf = at.u16();
        put(row + 1, column + i, number(xf, rkNumber(at.u32())));
      }
      continue;
    }
    const xf = at.u16();
    if (record.type === RECORD.LABELSST) {
      const index = at.u32();
      if (index >= strings.length) throw new Corrupt();
      put(row + 1, column, strings[index]);
    } else if (record.type === RECORD.LABEL) put(row + 1, column, at.unicodeString(at.u16()));
    else if (record.type === RECORD.NUMBER) put(row + 1, column, number(xf, at.f64()));
    else if (record.type === RECORD.RK) put(row + 1, column, number(xf, rkNumber(at.u32())));
    else if (record.type === RECORD.BOOLERR) {
      const value = at.u8();
      if (at.u8() === 0) put(row + 1, column, value === 1); // an error value stays blank
    } else {
      // FORMULA: the cached result is a double unless its last two bytes are 0xFFFF.
      const result = record.data.subarray(at.pos, at.pos + 8);
      if (result.length < 8) throw new Corrupt();
      if (result.readUInt16LE(6) !== 0xffff) put(row + 1, column, number(xf, at.f64()));
      else {
        const kind = at.u8();
        at.skip(1);
        const flag = at.u8();
        if (kind === 0) pendingFormula = { row: row + 1, column };
        else if (kind === 1) put(row + 1, column, flag === 1);
      }
    }
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([row, cells]) => ({ row, cells }));
}
