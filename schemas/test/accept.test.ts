import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Accepts, arrayOf, finiteNumber, objectOf } from '../src/accept.ts';
import { eventSchemaOf } from '../src/events.ts';
import {
  acceptsGatewayReading,
  acceptsGatewayReadings,
  gatewayReadingSchema,
  readingBatchSchema,
} from '../src/readings/ingest.ts';

/**
 * Each cheap check against its schema, on values mostly right with now and then a field wrong (kind, range,
 * format), junk, a required field missing or a key the schema does not have: the check accepts a value
 * exactly when the schema takes it and gives it back unchanged.
 */

interface Field {
  right: fc.Arbitrary<unknown>;
  wrong: fc.Arbitrary<unknown>;
}

const junk = fc.oneof(fc.constant(null), fc.constant({}), fc.constant([]), fc.boolean());
const badNumber = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '1');
const anyNumber: Field = { right: fc.double({ noNaN: true, noDefaultInfinity: true }), wrong: badNumber };
const nonnegative: Field = {
  right: fc.oneof(fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }), fc.constant(-0)),
  wrong: fc.oneof(badNumber, fc.double({ max: -Number.MIN_VALUE, noNaN: true })),
};
const text = (right: readonly string[], wrong: readonly string[]): Field => ({
  right: fc.constantFrom(...right),
  wrong: fc.oneof(fc.constantFrom(...wrong), fc.string({ maxLength: 40 })),
});
const uuid = text(
  ['0192f0a8-7c1e-7a3b-8c4d-5e6f7a8b9c0d', '3fa85f64-5717-4562-b3fc-2c963f66afa6'],
  ['3fa85f64-5717-4562-b3fc-2c963f66afa', '3fa85f64571745620b3fc02c963f66afa6', ''],
);
const ts = text(
  ['2026-11-29T10:00:00.000Z', '2026-11-29T10:00:00Z', '2026-11-29T10:00:00.123456Z'],
  ['2026-11-29T10:00:00', '2026-11-29 10:00:00Z', '2026-13-01T10:00:00Z', 'yesterday'],
);
/** A gateway may send its local time with its offset; the log keeps UTC. */
const gatewayTs = text(
  ['2026-11-29T10:00:00.000Z', '2026-11-29T18:00:00+08:00', '2026-11-29T10:00:00.123456Z'],
  ['2026-11-29T10:00:00', '2026-11-29T18:00:00+0800', 'yesterday'],
);
const channels: Record<string, Field> = {
  total: nonnegative,
  reverseTotal: nonnegative,
  flow: anyNumber,
  pressure: anyNumber,
  pressure2: anyNumber,
  battery: nonnegative,
  signal: anyNumber,
  valve: text(['open', 'closed'], ['half', 'OPEN']),
  temperature: anyNumber,
  alarms: {
    right: fc.array(fc.string({ minLength: 1, maxLength: 32 }), { maxLength: 16 }),
    wrong: fc.oneof(
      fc.array(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 17, maxLength: 20 }),
      fc.constant(['']),
      fc.constant(['x'.repeat(33)]),
      fc.constant([1]),
    ),
  },
};

/** A field of objects built by `objects`: wrong when junk. */
const field = (right: fc.Arbitrary<unknown>): Field => ({ right, wrong: junk });

/** One value in twenty from `value`, else undefined. */
const rarely = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 19, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });

/** Objects of these fields: the required ones present but now and then one, the optional ones or not. */
function objects(fields: Record<string, Field>, required: readonly string[]): fc.Arbitrary<unknown> {
  const values = Object.fromEntries(
    Object.entries(fields).map(([key, { right, wrong }]) => [
      key,
      fc.oneof(
        { weight: 40, arbitrary: right },
        { weight: 1, arbitrary: wrong },
        { weight: 1, arbitrary: junk },
      ),
    ]),
  );
  return fc
    .tuple(
      fc.record(values, { requiredKeys: [...required] }),
      rarely(fc.constantFrom(...required)),
      rarely(fc.constantFrom('extra', 'toString', 'meterId', 'readings')),
    )
    .map(([object, missing, extra]) => {
      const value: Record<string, unknown> = { ...object };
      if (missing !== undefined) delete value[missing];
      if (extra !== undefined && !Object.hasOwn(fields, extra)) value[extra] = 1;
      return value;
    });
}

function holdsTo(accepts: Accepts, schema: z.ZodType, values: fc.Arbitrary<unknown>): void {
  let accepted = 0;
  fc.assert(
    fc.property(values, (value) => {
      const parsed = schema.safeParse(value);
      const unchanged = parsed.success && isDeepStrictEqual(parsed.data, value);
      expect(accepts(value)).toBe(unchanged);
      if (unchanged) accepted++;
    }),
    { numRuns: 2000 },
  );
  // Not a property of values all refused: many are taken (fewer of the events, whose every reading must be).
  expect(accepted).toBeGreaterThan(100);
}

describe('the cheap checks of readings against their schemas', () => {
  it('a reading as a gateway sends it, and a batch of them', () => {
    const meterNo = text(['1', '200001', '12345678901234567890'], ['', 'A1', '1'.repeat(41), '-1']);
    const reading = objects({ meterNo, ts: gatewayTs, ...channels }, ['meterNo', 'ts', 'total']);
    holdsTo(acceptsGatewayReading, gatewayReadingSchema, reading);
    holdsTo(acceptsGatewayReadings, readingBatchSchema.shape.readings, fc.array(reading, { maxLength: 3 }));
  });

  it('the data of the readings events', () => {
    const reading = objects({ ts, ...channels, counterBreak: text(['before', 'after'], ['both']) }, [
      'ts',
      'total',
    ]);
    const readings = field(fc.array(reading, { minLength: 1, maxLength: 4 }));
    const meter = objects({ meterId: uuid, readings }, ['meterId', 'readings']);
    const events = {
      ReadingsReported: objects(
        { batchId: uuid, gatewayId: uuid, meters: field(fc.array(meter, { minLength: 1, maxLength: 3 })) },
        ['batchId', 'gatewayId', 'meters'],
      ),
      ReadingsImported: objects({ importId: uuid, meterId: uuid, readings }, [
        'importId',
        'meterId',
        'readings',
      ]),
    };
    for (const [type, values] of Object.entries(events)) {
      const schema = eventSchemaOf(type)!;
      holdsTo(schema.accepts!, schema.data, values);
    }
  });

  it('refuses an array with a hole, as its schema does', () => {
    const schema = z.array(z.number());
    const holed = [1, 2, 3];
    delete holed[1];
    expect(schema.safeParse(holed).success).toBe(false);
    expect(arrayOf(finiteNumber, 0)(holed)).toBe(false);
    expect(arrayOf(finiteNumber, 0)([1, 2, 3])).toBe(true);
  });

  it('refuses what is not a plain object, a field given as undefined, and a missing required field', () => {
    const accepts = objectOf({ a: (v) => v === 1, b: (v) => v === 2 }, ['a']);
    expect(accepts({ a: 1 })).toBe(true);
    expect(accepts({ a: 1, b: 2 })).toBe(true);
    expect(accepts({ b: 2 })).toBe(false);
    expect(accepts({ a: 1, b: undefined })).toBe(false);
    expect(accepts({ a: 1, c: 3 })).toBe(false);
    expect(accepts(Object.assign(Object.create(null), { a: 1 }))).toBe(false);
    expect(accepts([1])).toBe(false);
    expect(accepts(null)).toBe(false);
  });
});
