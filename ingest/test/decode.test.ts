import { type GatewayReading, INGEST_MAX_READINGS } from '@hydrolog/schemas';
import {
  Dictionary,
  Field,
  Float32,
  Float64,
  Int32,
  Int64,
  List,
  makeData,
  makeVector,
  Table,
  type Timestamp,
  TimestampMicrosecond,
  TimestampMillisecond,
  TimestampNanosecond,
  TimestampSecond,
  tableFromIPC,
  tableToIPC,
  Uint64,
  Utf8,
  type Vector,
  vectorFromArray,
} from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import {
  decodeReadingBatch,
  encodeReadingsArrow,
  formatOf,
  type IngestFormat,
  IngestRequestError,
  MAX_REPORTED_ISSUES,
} from '../src/decode.ts';

const batchId = '0190a000-0000-7000-8000-0000000000b1';
const otherId = '0190a000-0000-7000-8000-0000000000b2';
const encoder = new TextEncoder();

const readings: GatewayReading[] = [
  {
    meterNo: '10000001',
    ts: '2025-03-01T00:00:00.000Z',
    total: 1234.5,
    reverseTotal: 0.25,
    flow: 0.6,
    pressure: 0.31,
    pressure2: 0.27,
    battery: 3.6,
    signal: -71,
    valve: 'open',
    temperature: 11.5,
    alarms: ['lowBattery', 'tamper'],
  },
  { meterNo: '10000002', ts: '2025-03-01T01:00:00.000Z', total: 0, valve: 'closed', alarms: [] },
  { meterNo: '10000003', ts: '2025-03-01T02:00:00.123Z', total: 98.125, flow: -0.5 },
];

function json(body: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(body));
}
function ndjson(rows: readonly unknown[], eol = '\n'): Uint8Array {
  return encoder.encode(rows.map((r) => JSON.stringify(r)).join(eol) + eol);
}
function ipc(columns: Record<string, Vector>): Uint8Array {
  return tableToIPC(new Table(columns), 'stream');
}
function reading(i: number): GatewayReading {
  return {
    meterNo: String(20000000 + (i % 997)),
    ts: new Date(1_740_000_000_000 + i * 1000).toISOString(),
    total: i,
  };
}

/** The same readings as a body of each format. */
function bodyOf(format: IngestFormat, rows: readonly unknown[]): Uint8Array {
  switch (format) {
    case 'json':
      return json({ batchId, readings: rows });
    case 'ndjson':
      return ndjson(rows);
    case 'arrow':
      return encodeReadingsArrow(rows as GatewayReading[]);
  }
}

function failure(run: () => unknown): IngestRequestError {
  try {
    run();
  } catch (error) {
    if (error instanceof IngestRequestError) return error;
    throw error;
  }
  throw new Error('expected an IngestRequestError');
}

describe('formatOf', () => {
  it('names the format of each accepted content type, with parameters and in any case', () => {
    expect(formatOf('application/json')).toBe('json');
    expect(formatOf('application/json; charset=utf-8')).toBe('json');
    expect(formatOf('Application/JSON;Charset="UTF-8"')).toBe('json');
    expect(formatOf('application/x-ndjson; charset=utf-8')).toBe('ndjson');
    expect(formatOf('application/vnd.apache.arrow.stream')).toBe('arrow');
    expect(formatOf('application/vnd.apache.arrow.stream; charset=binary')).toBe('arrow');
  });

  it.each([
    undefined,
    '',
    'text/plain',
    'application/xml',
    'application/vnd.apache.arrow.file',
    'application/json; charset=iso-8859-1',
  ])('refuses %s with 415', (contentType) => {
    const error = failure(() => formatOf(contentType));
    expect(error.status).toBe(415);
    expect(error.key).toBe('error.ingest.contentType');
  });
});

describe('decodeReadingBatch', () => {
  it('decodes the same batch from JSON, NDJSON and Arrow', () => {
    const expected = { batchId, readings };
    expect(decodeReadingBatch('json', bodyOf('json', readings), undefined)).toStrictEqual(expected);
    expect(decodeReadingBatch('ndjson', bodyOf('ndjson', readings), batchId)).toStrictEqual(expected);
    expect(decodeReadingBatch('arrow', bodyOf('arrow', readings), batchId)).toStrictEqual(expected);
  });

  it('decodes a body of more than a validation slice (1,000 readings) in order', () => {
    const rows = Array.from({ length: 2_500 }, (_, i) => reading(i));
    for (const format of ['json', 'ndjson', 'arrow'] as const) {
      expect(decodeReadingBatch(format, bodyOf(format, rows), batchId)).toStrictEqual({
        batchId,
        readings: rows,
      });
    }
  });

  describe('JSON', () => {
    it("takes the body's batchId and ignores a different Idempotency-Key", () => {
      const batch = decodeReadingBatch('json', json({ batchId, readings }), otherId);
      expect(batch.batchId).toBe(batchId);
      expect(decodeReadingBatch('json', json({ batchId, readings }), 'not-a-uuid').batchId).toBe(batchId);
    });

    it('reads a body that starts with a byte order mark', () => {
      const body = new Uint8Array([0xef, 0xbb, 0xbf, ...json({ batchId, readings })]);
      expect(decodeReadingBatch('json', body, undefined).readings).toStrictEqual(readings);
    });

    it('refuses malformed JSON with the parser message', () => {
      const error = failure(() => decodeReadingBatch('json', encoder.encode('{"batchId": "x",'), undefined));
      expect(error.status).toBe(400);
      expect(error.key).toBe('error.ingest.malformed');
      expect(error.params.detail).toMatch(/JSON/);
      expect(failure(() => decodeReadingBatch('json', new Uint8Array(0), undefined)).key).toBe(
        'error.ingest.malformed',
      );
    });

    it('refuses a body that is not UTF-8', () => {
      const error = failure(() => decodeReadingBatch('json', new Uint8Array([0x7b, 0xff, 0x7d]), undefined));
      expect(error.key).toBe('error.ingest.malformed');
      expect(error.params.detail).toBe('the body is not valid UTF-8');
    });

    it('reports a missing or invalid batchId as a validation issue', () => {
      const error = failure(() => decodeReadingBatch('json', json({ readings }), batchId));
      expect(error.key).toBe('validation.failed');
      expect(error.issues.map((i) => i.path)).toEqual([['batchId']]);
    });

    it('refuses unknown fields of the batch and of a reading', () => {
      const error = failure(() =>
        decodeReadingBatch(
          'json',
          json({ batchId, readings: [readings[1], { ...readings[2], flw: 1 }], extra: true }),
          undefined,
        ),
      );
      expect(error.key).toBe('validation.failed');
      expect(error.issues.map((i) => [i.code, i.path])).toEqual([
        ['unrecognized_keys', ['readings', 1]],
        ['unrecognized_keys', []],
      ]);
    });

    it('reports only the batch issue once when a large batch has a bad batchId', () => {
      const rows = Array.from({ length: 3_000 }, (_, i) => reading(i));
      const error = failure(() =>
        decodeReadingBatch('json', json({ batchId: 'nope', readings: rows }), undefined),
      );
      expect(error.issues.map((i) => i.path)).toEqual([['batchId']]);
    });

    it('refuses more readings than allowed with 413 before validating them', () => {
      const rows = Array.from({ length: INGEST_MAX_READINGS + 1 }, () => ({}));
      const error = failure(() => decodeReadingBatch('json', json({ batchId, readings: rows }), undefined));
      expect(error.status).toBe(413);
      expect(error.key).toBe('error.ingest.tooManyReadings');
      expect(error.params).toEqual({ max: INGEST_MAX_READINGS });
    });

    it('refuses an infinite number (1e999)', () => {
      const body = encoder.encode(
        `{"batchId":"${batchId}","readings":[{"meterNo":"1","ts":"2025-03-01T00:00:00Z","total":1e999}]}`,
      );
      const error = failure(() => decodeReadingBatch('json', body, undefined));
      expect(error.issues.map((i) => i.path)).toEqual([['readings', 0, 'total']]);
    });
  });

  describe('NDJSON', () => {
    it('skips empty lines, blank lines and CRLF line ends', () => {
      const lines = readings.map((r) => JSON.stringify(r));
      const body = encoder.encode(`\r\n${lines[0]}\r\n\r\n  \r\n${lines[1]}\r\n${lines[2]}`);
      expect(decodeReadingBatch('ndjson', body, batchId)).toStrictEqual({ batchId, readings });
      expect(decodeReadingBatch('ndjson', ndjson(readings, '\r\n'), batchId).readings).toStrictEqual(
        readings,
      );
    });

    it('names the line (counting every line) of a malformed reading', () => {
      const body = encoder.encode(`${JSON.stringify(readings[0])}\n\n{"meterNo": "1",\n`);
      const error = failure(() => decodeReadingBatch('ndjson', body, batchId));
      expect(error.status).toBe(400);
      expect(error.key).toBe('error.ingest.malformed');
      expect(error.params.detail).toMatch(/^line 3: .+/);
    });

    it('refuses a line with two readings', () => {
      const body = encoder.encode(`${JSON.stringify(readings[0])} ${JSON.stringify(readings[1])}\n`);
      expect(failure(() => decodeReadingBatch('ndjson', body, batchId)).params.detail).toMatch(/^line 1: /);
    });

    it('points issues at the reading index, as for JSON', () => {
      const rows: unknown[] = readings.map((r) => ({ ...r }));
      rows[2] = { ...readings[2], total: -1 };
      const body = encoder.encode(`\n${rows.map((r) => JSON.stringify(r)).join('\n\n')}\n`);
      const error = failure(() => decodeReadingBatch('ndjson', body, batchId));
      expect(error.key).toBe('validation.failed');
      expect(error.issues.map((i) => i.path)).toEqual([['readings', 2, 'total']]);
    });

    it('counts lines before parsing them: 100,001 lines are 413 even if none is valid', () => {
      const body = encoder.encode('{}\n'.repeat(INGEST_MAX_READINGS + 1));
      const error = failure(() => decodeReadingBatch('ndjson', body, batchId));
      expect(error.status).toBe(413);
      expect(error.key).toBe('error.ingest.tooManyReadings');
    });

    it('treats an empty body as an empty batch', () => {
      const error = failure(() => decodeReadingBatch('ndjson', encoder.encode('\n\n'), batchId));
      expect(error.key).toBe('validation.failed');
      expect(error.issues.map((i) => [i.code, i.path])).toEqual([['too_small', ['readings']]]);
    });
  });

  describe.each(['ndjson', 'arrow'] as const)('%s batch id', (format) => {
    it.each([undefined, '', 'batch-1', `${batchId}x`])('refuses the Idempotency-Key %j', (key) => {
      const error = failure(() => decodeReadingBatch(format, bodyOf(format, readings), key));
      expect(error.status).toBe(400);
      expect(error.key).toBe('error.ingest.idempotencyKey');
    });
  });

  describe.each(['json', 'ndjson', 'arrow'] as const)('%s validation', (format) => {
    const decode = (rows: unknown[]) =>
      failure(() => decodeReadingBatch(format, bodyOf(format, rows), batchId));
    const rows = () => Array.from({ length: 20 }, (_, i) => reading(i));

    it('points a negative total at readings.12.total', () => {
      const bad = rows();
      bad[12] = { ...bad[12]!, total: -3 };
      const error = decode(bad);
      expect(error.status).toBe(400);
      expect(error.key).toBe('validation.failed');
      expect(error.issues.map((i) => [i.code, i.path])).toEqual([['too_small', ['readings', 12, 'total']]]);
    });

    it('refuses a bad meter number and a bad timestamp', () => {
      const bad = rows();
      bad[3] = { ...bad[3]!, meterNo: 'M-17' };
      bad[4] = { ...bad[4]!, ts: '2025-03-01T00:00:00' }; // no offset
      bad[5] = { ...bad[5]!, valve: 'ajar' as 'open' };
      const paths = decode(bad).issues.map((i) => i.path);
      if (format === 'arrow') {
        // Arrow carries instants, so a timestamp without an offset cannot be sent.
        expect(paths).toEqual([
          ['readings', 3, 'meterNo'],
          ['readings', 5, 'valve'],
        ]);
      } else {
        expect(paths).toEqual([
          ['readings', 3, 'meterNo'],
          ['readings', 4, 'ts'],
          ['readings', 5, 'valve'],
        ]);
      }
    });

    it('refuses an empty batch', () => {
      const error = decode([]);
      expect(error.key).toBe('validation.failed');
      expect(error.issues.map((i) => [i.code, i.path])).toEqual([['too_small', ['readings']]]);
    });

    it('reports at most 100 issues for a large batch of bad readings, with their real indices', () => {
      const bad: GatewayReading[] = Array.from({ length: 5_000 }, (_, i) => ({
        ...reading(i),
        total: -1,
        battery: -1,
      }));
      bad[0] = reading(0);
      const error = decode(bad);
      expect(error.issues).toHaveLength(MAX_REPORTED_ISSUES);
      expect(error.issues[0]!.path).toEqual(['readings', 1, 'total']);
      expect(error.issues.at(-1)!.path).toEqual(['readings', 50, 'battery']);
    });

    it('points at a bad reading beyond the first validation slice', () => {
      const bad = Array.from({ length: 3_000 }, (_, i) => reading(i));
      bad[2_345] = { ...bad[2_345]!, total: -1 };
      expect(decode(bad).issues.map((i) => i.path)).toEqual([['readings', 2_345, 'total']]);
    });

    it('refuses 100,001 readings with 413', () => {
      const many = Array.from({ length: INGEST_MAX_READINGS + 1 }, (_, i) => reading(i));
      const error = decode(many);
      expect(error.status).toBe(413);
      expect(error.key).toBe('error.ingest.tooManyReadings');
      expect(error.params).toEqual({ max: INGEST_MAX_READINGS });
    });
  });
});

describe('Arrow', () => {
  const meterNo = () => vectorFromArray(['1', '2'], new Utf8());
  const total = () => vectorFromArray([1, 2], new Float64());
  const ms = Date.parse('2025-03-01T10:20:30.456Z');
  const decodeArrow = (columns: Record<string, Vector>) => decodeReadingBatch('arrow', ipc(columns), batchId);
  const malformed = (body: Uint8Array) => {
    const error = failure(() => decodeReadingBatch('arrow', body, batchId));
    expect(error.status).toBe(400);
    expect(error.key).toBe('error.ingest.malformed');
    return String(error.params.detail);
  };

  it.each([
    ['SECOND', new TimestampSecond(), 1_740_824_430n, '2025-03-01T10:20:30.000Z'],
    ['MILLISECOND', new TimestampMillisecond(), BigInt(ms), '2025-03-01T10:20:30.456Z'],
    ['MILLISECOND UTC', new TimestampMillisecond('UTC'), BigInt(ms), '2025-03-01T10:20:30.456Z'],
    ['MICROSECOND', new TimestampMicrosecond(), BigInt(ms) * 1000n + 999n, '2025-03-01T10:20:30.456Z'],
    [
      'NANOSECOND',
      new TimestampNanosecond('UTC'),
      BigInt(ms) * 1_000_000n + 999_999n,
      '2025-03-01T10:20:30.456Z',
    ],
    ['NANOSECOND before 1970', new TimestampNanosecond(), -1n, '1969-12-31T23:59:59.999Z'],
    ['MICROSECOND before 1970', new TimestampMicrosecond(), -1_500n, '1969-12-31T23:59:59.998Z'],
    // Zoned timestamps hold UTC instants: the zone does not shift them.
    ['SECOND Asia/Shanghai', new TimestampSecond('Asia/Shanghai'), 0n, '1970-01-01T00:00:00.000Z'],
  ] as const)('reads a %s timestamp as UTC', (_unit, type, value, iso) => {
    const ts = makeVector({ type: type as Timestamp, data: new BigInt64Array([value, value]) });
    expect(decodeArrow({ meterNo: meterNo(), ts, total: total() }).readings.map((r) => r.ts)).toEqual([
      iso,
      iso,
    ]);
  });

  it("agrees with apache-arrow's get() for each unit, and divides nanoseconds exactly where get() rounds", () => {
    const units = [
      [new TimestampSecond(), 1_740_824_430n],
      [new TimestampMillisecond(), BigInt(ms)],
      [new TimestampMicrosecond(), BigInt(ms) * 1000n + 250n],
      [new TimestampNanosecond(), BigInt(ms) * 1_000_000n + 250_000n],
    ] as const;
    for (const [type, value] of units) {
      const ts = makeVector({ type: type as Timestamp, data: new BigInt64Array([value, value]) });
      const [decoded] = decodeArrow({ meterNo: meterNo(), ts, total: total() }).readings;
      expect(decoded!.ts).toBe(new Date(Math.floor(ts.get(0)!)).toISOString());
    }
    // 456.999999 ms: get() gives a double that rounds to 457; the reading is still in millisecond 456.
    const ts = makeVector({
      type: new TimestampNanosecond() as Timestamp,
      data: new BigInt64Array([BigInt(ms) * 1_000_000n + 999_999n, 0n]),
    });
    expect(ts.get(0)).toBe(ms + 1);
    expect(decodeArrow({ meterNo: meterNo(), ts, total: total() }).readings[0]!.ts).toBe(
      '2025-03-01T10:20:30.456Z',
    );
  });

  it('refuses a timestamp beyond what a date can hold', () => {
    const ts = makeVector({ type: new TimestampSecond(), data: new BigInt64Array([0n, 10n ** 15n]) });
    const error = failure(() => decodeArrow({ meterNo: meterNo(), ts, total: total() }));
    expect(error.key).toBe('validation.failed');
    expect(error.issues.map((i) => i.path)).toEqual([['readings', 1, 'ts']]);
  });

  const ts = () =>
    makeVector({ type: new TimestampMillisecond(), data: new BigInt64Array([BigInt(ms), BigInt(ms)]) });

  it('reads integer meter numbers (Int64 beyond 2^53, Int32, Uint64) as decimal strings', () => {
    const int64 = makeVector({ type: new Int64(), data: new BigInt64Array([12_345_678_901_234_567n, 42n]) });
    expect(decodeArrow({ meterNo: int64, ts: ts(), total: total() }).readings.map((r) => r.meterNo)).toEqual([
      '12345678901234567',
      '42',
    ]);
    const int32 = vectorFromArray([7, 2_000_000_000], new Int32());
    expect(decodeArrow({ meterNo: int32, ts: ts(), total: total() }).readings.map((r) => r.meterNo)).toEqual([
      '7',
      '2000000000',
    ]);
    const uint64 = makeVector({
      type: new Uint64(),
      data: new BigUint64Array([18_446_744_073_709_551_615n, 1n]),
    });
    expect(decodeArrow({ meterNo: uint64, ts: ts(), total: total() }).readings.map((r) => r.meterNo)).toEqual(
      ['18446744073709551615', '1'],
    );
  });

  it('refuses a negative integer meter number as a validation issue', () => {
    const int32 = vectorFromArray([7, -2], new Int32());
    const error = failure(() => decodeArrow({ meterNo: int32, ts: ts(), total: total() }));
    expect(error.issues.map((i) => i.path)).toEqual([['readings', 1, 'meterNo']]);
  });

  it('reads Int64, Int32 and Float32 channels as numbers', () => {
    const batch = decodeArrow({
      meterNo: meterNo(),
      ts: ts(),
      total: makeVector({ type: new Int64(), data: new BigInt64Array([9_007_199_254_740_993n, -0n]) }),
      signal: vectorFromArray([-71, -90], new Int32()),
      battery: vectorFromArray([3.5, 0.25], new Float32()),
    });
    expect(batch.readings.map((r) => [r.total, r.signal, r.battery])).toEqual([
      [9_007_199_254_740_992, -71, 3.5],
      [0, -90, 0.25],
    ]);
  });

  it('leaves out the fields of null cells in optional columns', () => {
    const batch = decodeArrow({
      meterNo: vectorFromArray(['1', '2', '3'], new Utf8()),
      ts: makeVector({ type: new TimestampMillisecond(), data: new BigInt64Array([0n, 1n, 2n]) }),
      total: vectorFromArray([1, 2, 3], new Float64()),
      flow: vectorFromArray([null, 0.5, null], new Float64()),
      valve: vectorFromArray(['open', null, 'closed'], new Dictionary(new Utf8(), new Int32())),
      alarms: vectorFromArray([null, ['leak', 'tamper'], []], new List(new Field('item', new Utf8(), true))),
    });
    expect(batch.readings).toStrictEqual([
      { meterNo: '1', ts: '1970-01-01T00:00:00.000Z', total: 1, valve: 'open' },
      { meterNo: '2', ts: '1970-01-01T00:00:00.001Z', total: 2, flow: 0.5, alarms: ['leak', 'tamper'] },
      { meterNo: '3', ts: '1970-01-01T00:00:00.002Z', total: 3, valve: 'closed', alarms: [] },
    ]);
  });

  it('reports a null in a required column and a null alarm code at their paths', () => {
    const error = failure(() =>
      decodeArrow({
        meterNo: meterNo(),
        ts: ts(),
        total: vectorFromArray([1, null], new Float64()),
        alarms: vectorFromArray([['leak', null], null], new List(new Field('item', new Utf8(), true))),
      }),
    );
    expect(error.key).toBe('validation.failed');
    expect(error.issues.map((i) => [i.code, i.path])).toEqual([
      ['invalid_type', ['readings', 0, 'alarms', 1]],
      ['invalid_type', ['readings', 1, 'total']],
    ]);
  });

  it('refuses NaN and Infinity', () => {
    const error = failure(() =>
      decodeArrow({
        meterNo: meterNo(),
        ts: ts(),
        total: total(),
        flow: vectorFromArray([Number.NaN, -Infinity]),
      }),
    );
    expect(error.issues.map((i) => i.path)).toEqual([
      ['readings', 0, 'flow'],
      ['readings', 1, 'flow'],
    ]);
  });

  it('reads several record batches with continuing indices', () => {
    const first = new Table({ meterNo: meterNo(), ts: ts(), total: total() });
    const second = new Table({
      meterNo: meterNo(),
      ts: ts(),
      total: vectorFromArray([3, -4], new Float64()),
    });
    const body = tableToIPC(first.concat(second), 'stream');
    const error = failure(() => decodeReadingBatch('arrow', body, batchId));
    expect(error.issues.map((i) => i.path)).toEqual([['readings', 3, 'total']]);
    const good = tableToIPC(first.concat(first), 'stream');
    expect(decodeReadingBatch('arrow', good, batchId).readings.map((r) => r.total)).toEqual([1, 2, 1, 2]);
  });

  it('reads a stream that is not aligned in memory', () => {
    const body = encodeReadingsArrow(readings);
    const shifted = new Uint8Array(body.length + 3);
    shifted.set(body, 3);
    expect(decodeReadingBatch('arrow', shifted.subarray(3), batchId).readings).toStrictEqual(readings);
  });

  it('refuses every truncation of a stream', () => {
    const body = encodeReadingsArrow(readings);
    for (let length = 0; length < body.length; length++) {
      expect(malformed(body.slice(0, length))).toMatch(/^(empty Arrow stream|truncated Arrow stream)/);
    }
  });

  it('refuses bytes after the end of the stream (two streams sent as one)', () => {
    const body = encodeReadingsArrow(readings);
    expect(malformed(new Uint8Array([...body, ...body]))).toMatch(/unexpected bytes after the end/);
  });

  it('refuses other bytes than an Arrow stream', () => {
    expect(malformed(json({ batchId, readings }))).toMatch(/Arrow/);
    expect(malformed(new Uint8Array(64).fill(7))).toMatch(/Arrow/);
    const file = tableToIPC(new Table({ meterNo: meterNo(), ts: ts(), total: total() }), 'file');
    expect(malformed(file)).toBe('this is the Arrow file format: send an Arrow IPC stream');
  });

  it('refuses a batch whose buffers are shorter than its declared length', () => {
    const short = makeVector(
      makeData({ type: new Float64(), length: 3, nullCount: 0, data: new Float64Array(2) }),
    );
    const body = ipc({
      meterNo: vectorFromArray(['1', '2', '3'], new Utf8()),
      ts: makeVector({ type: new TimestampMillisecond(), data: new BigInt64Array(3) }),
      total: short,
    });
    expect(malformed(body)).toBe('invalid Arrow stream: column total has buffers shorter than its length');
  });

  it('refuses an unknown column', () => {
    expect(malformed(ipc({ meterNo: meterNo(), ts: ts(), total: total(), foo: total() }))).toBe(
      'unknown column foo',
    );
  });

  it('refuses a missing required column', () => {
    expect(malformed(ipc({ meterNo: meterNo(), ts: ts() }))).toBe('missing column total');
  });

  it('refuses columns of the wrong type', () => {
    const text = vectorFromArray(['2025-03-01T00:00:00Z', '2025-03-01T00:00:00Z'], new Utf8());
    expect(malformed(ipc({ meterNo: meterNo(), ts: text, total: total() }))).toBe(
      'column ts must be a timestamp, not Utf8',
    );
    expect(malformed(ipc({ meterNo: meterNo(), ts: ts(), total: meterNo() }))).toMatch(
      /^column total must be a number/,
    );
    expect(malformed(ipc({ meterNo: total(), ts: ts(), total: total() }))).toMatch(
      /^column meterNo must be a string or an integer/,
    );
    expect(malformed(ipc({ meterNo: meterNo(), ts: ts(), total: total(), alarms: meterNo() }))).toMatch(
      /^column alarms must be a list of strings/,
    );
  });

  it('counts rows from the batch headers: 100,001 rows are 413 even if none is valid', () => {
    const rows = INGEST_MAX_READINGS + 1;
    const body = ipc({
      meterNo: vectorFromArray(new Array<string>(rows).fill('x'), new Utf8()),
      ts: makeVector({ type: new TimestampMillisecond(), data: new BigInt64Array(rows) }),
      total: makeVector({ type: new Float64(), data: new Float64Array(rows).fill(-1) }),
    });
    const error = failure(() => decodeReadingBatch('arrow', body, batchId));
    expect(error.status).toBe(413);
    expect(error.key).toBe('error.ingest.tooManyReadings');
  });
});

describe('encodeReadingsArrow', () => {
  it('round-trips readings with every channel exactly', () => {
    const rows: GatewayReading[] = Array.from({ length: 50 }, (_, i) => ({
      ...reading(i),
      total: i * 1.1,
      ...(i % 2 === 0 ? { reverseTotal: i / 3, flow: -i / 7, pressure: 0.1 * i, pressure2: 0.05 * i } : {}),
      ...(i % 3 === 0 ? { battery: 3.6, signal: -60 - i, temperature: -2.5 } : {}),
      ...(i % 5 === 0 ? { valve: i % 10 === 0 ? 'open' : 'closed' } : {}),
      ...(i % 4 === 0 ? { alarms: i % 8 === 0 ? ['leak'] : [] } : {}),
    }));
    expect(decodeReadingBatch('arrow', encodeReadingsArrow(rows), batchId)).toStrictEqual({
      batchId,
      readings: rows,
    });
  });

  it('writes only the columns some reading has, with the documented types', () => {
    const names = (rows: GatewayReading[]) =>
      tableFromIPC(encodeReadingsArrow(rows)).schema.fields.map((f) => `${f.name}: ${f.type}`);
    expect(names([reading(1), reading(2)])).toEqual([
      'meterNo: Utf8',
      'ts: Timestamp<MILLISECOND, UTC>',
      'total: Float64',
    ]);
    expect(names([reading(1), { ...reading(2), flow: 1, alarms: ['leak'] }])).toEqual([
      'meterNo: Utf8',
      'ts: Timestamp<MILLISECOND, UTC>',
      'total: Float64',
      'flow: Float64',
      'alarms: List<Utf8>',
    ]);
  });

  it('gives an instant with an offset back in UTC', () => {
    const body = encodeReadingsArrow([{ meterNo: '5', ts: '2025-03-01T08:00:00.250+08:00', total: 1 }]);
    expect(decodeReadingBatch('arrow', body, batchId).readings[0]!.ts).toBe('2025-03-01T00:00:00.250Z');
  });

  it('refuses a reading whose ts is not a date', () => {
    expect(() => encodeReadingsArrow([{ meterNo: '5', ts: 'yesterday', total: 1 }])).toThrow(RangeError);
  });
});
