// A tiny zip reader: end of central directory -> central directory entry -> local header -> raw deflate.
// Enough for one-file archives of data sets (stored or deflated, no ZIP64, no encryption); no unzip binary.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated */
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** where the entry's data starts in the archive */
  dataOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The archive's entries, from its central directory (sizes there are right even with data descriptors). */
export async function zipEntries(path: string): Promise<ZipEntry[]> {
  const file = await open(path);
  try {
    const { size } = await file.stat();
    const tailLength = Math.min(size, 22 + 0xffff); // the record, then a comment of up to 64 KiB
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new Error(`${path}: not a zip archive (no end of central directory)`);
    const count = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || directoryOffset === 0xffffffff)
      throw new Error(`${path}: ZIP64 is not supported`);
    const directory = Buffer.alloc(directorySize);
    await file.read(directory, 0, directorySize, directoryOffset);

    const entries: ZipEntry[] = [];
    let p = 0;
    for (let k = 0; k < count; k++) {
      if (directory.readUInt32LE(p) !== CENTRAL) throw new Error(`${path}: bad central directory entry ${k}`);
      const flags = directory.readUInt16LE(p + 8);
      if (flags & 1) throw new Error(`${path}: encrypted entries are not supported`);
      const nameLength = directory.readUInt16LE(p + 28);
      const extraLength = directory.readUInt16LE(p + 30);
      const commentLength = directory.readUInt16LE(p + 32);
      const localOffset = directory.readUInt32LE(p + 42);
      const local = Buffer.alloc(30);
      await file.read(local, 0, 30, localOffset);
      if (local.readUInt32LE(0) !== LOCAL) throw new Error(`${path}: bad local header of entry ${k}`);
      entries.push({
        name: directory.toString('utf8', p + 46, p + 46 + nameLength),
        method: directory.readUInt16LE(p + 10),
        crc: directory.readUInt32LE(p + 16),
        compressedSize: directory.readUInt32LE(p + 20),
        size: directory.readUInt32LE(p + 24),
        // The local header's own name and extra lengths may differ from the central directory's.
        dataOffset: localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28),
      });
      p += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await file.close();
  }
}

/** The entry's bytes, inflated as they are read; checks the size and CRC-32 at the end. */
export async function* zipEntryChunks(path: string, entry: ZipEntry): AsyncGenerator<Buffer> {
  if (entry.method !== 0 && entry.method !== 8)
    throw new Error(`${entry.name}: compression method ${entry.method} is not supported`);
  if (entry.compressedSize === 0) return;
  const raw = createReadStream(path, {
    start: entry.dataOffset,
    end: entry.dataOffset + entry.compressedSize - 1,
  });
  let source: Readable = raw;
  if (entry.method === 8) {
    const inflate = createInflateRaw();
    raw.on('error', (error) => inflate.destroy(error));
    source = raw.pipe(inflate);
  }
  let crc = 0;
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      yield chunk;
    }
  } finally {
    raw.destroy();
    source.destroy();
  }
  if (size !== entry.size)
    throw new Error(`${entry.name}: ${size} bytes inflated, the archive says ${entry.size}`);
  if (crc >>> 0 !== entry.crc) throw new Error(`${entry.name}: CRC-32 mismatch`);
}

/** The lines of a text entry (UTF-8, LF or CRLF), streamed. */
export async function* zipEntryLines(path: string, name: string): AsyncGenerator<string> {
  const entry = (await zipEntries(path)).find((e) => e.name === name);
  if (!entry) throw new Error(`${path} has no entry ${name}`);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let rest = '';
  for await (const chunk of zipEntryChunks(path, entry)) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop()!;
    for (const line of lines) yield line.endsWith('\r') ? line.slice(0, -1) : line;
  }
  rest += decoder.decode();
  if (rest !== '') yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}
