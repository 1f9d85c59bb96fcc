import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeReadings,
  decodeReadingsField,
  encodeMeterReadings,
  encodeReadings,
} from '../src/readings/compact.ts';
import { type StoredReading, storedReadingSchema } from '../src/readings/ingest.ts';

const FIRST = Date.UTC(2000, 0, 1);
const LAST = Date.UTC(2100, 0, 1);
const optional = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });
const anyNumber = fc.double({ noNaN: true, noDefaultInfinity: true });
const nonNegative = fc.double({ min: 0, noNaN: true, noDefaultInfinity: true });

/** Readings as the log holds them: every channel present or not, any value its schema takes. */
const storedReading: fc.Arbitrary<StoredReading> = fc
  .record({
    ts: fc.integer({ min: FIRST, max: LAST }).map((t) => new Date(t).toISOString()),
    total: nonNegative,
    reverseTotal: optional(nonNegative),
    flow: optional(anyNumber),
    pressure: optional(anyNumber),
    pressure2: optional(anyNumber),
    battery: optional(nonNegative),
    signal: optional(anyNumber),
    valve: optional(fc.constantFrom('open' as const, 'closed' as const)),
    temperature: optional(anyNumber),
    alarms: optional(fc.array(fc.string({ minLength: 1, maxLength: 32 }), { maxLength: 16 })),
    counterBreak: optional(fc.constantFrom('before' as const, 'after' as const)),
  })
  // As the log stores them: absent channels are left out, not set to undefined.
  .map((reading) => storedReadingSchema.parse(JSON.parse(JSON.stringify(reading))));

describe('readings in the compact layout', () => {
  it('decode to readings equal to those encoded, every channel and text field included', () => {
    fc.assert(
      fc.property(fc.array(storedReading, { minLength: 1, maxLength: 40 }), (readings) => {
        const payload = encodeReadings(readings);
        expect(payload).not.toBeNull();
        expect(decodeReadings(payload!)).toEqual(readings);
      }),
    );
  });

  it('take fewer bytes than the same readings as JSON', () => {
    const readings = Array.from({ length: 10 }, (_, i) => ({
      ts: new Date(Date.UTC(2026, 10, 1, i)).toISOString(),
      total: 1234.567 + i * 0.013,
      flow: 0.05 * i,
    }));
    const payload = encodeReadings(readings)!;
    expect(decodeReadings(payload)).toEqual(readings);
    expect(payload.byteLength).toBeLessThan(Buffer.byteLength(JSON.stringify(readings)) / 2);
  });

  it('are not encoded when a time is not written as the log writes times: it could not be given back as sent', () => {
    const written = { ts: '2026-11-01T00:00:00.000Z', total: 1 };
    expect(encodeReadings([written, { ts: '2026-11-01T01:00:00Z', total: 2 }])).toBeNull();
    expect(encodeReadings([written, { ts: '2026-11-01T01:00:00.000123Z', total: 2 }])).toBeNull();
    expect(encodeReadings([written])).not.toBeNull();
  });

  it("decode an upload's readings by meter to those encoded, and one meter's readings to those", () => {
    const meter = fc.record({
      meterId: fc.uuid({ version: 7 }),
      readings: fc.array(storedReading, { minLength: 1, maxLength: 12 }),
    });
    fc.assert(
      fc.property(fc.array(meter, { minLength: 1, maxLength: 8 }), (meters) => {
        const payload = encodeMeterReadings(meters);
        expect(payload).not.toBeNull();
        expect(decodeReadingsField(payload!)).toEqual({ meters });
        const readings = meters[0]!.readings;
        expect(decodeReadingsField(encodeReadings(readings)!)).toEqual({ readings });
      }),
    );
  });

  it('are not encoded by meter when a meter id is not written in lower case: it could not be given back as sent', () => {
    const readings = [{ ts: '2026-11-01T00:00:00.000Z', total: 1 }];
    const meterId = '018f0000-0000-7000-8000-00000000abcd';
    expect(encodeMeterReadings([{ meterId, readings }])).not.toBeNull();
    expect(encodeMeterReadings([{ meterId: meterId.toUpperCase(), readings }])).toBeNull();
  });

  it('refuses a payload of a layout it does not know', () => {
    const payload = encodeReadings([{ ts: '2026-11-01T00:00:00.000Z', total: 1 }])!;
    payload[0] = 9;
    expect(() => decodeReadings(payload)).toThrow('readings payload of layout 9');
    expect(() => decodeReadingsField(payload)).toThrow('readings payload of layout 9');
  });
});
