import type { z } from 'zod';

/**
 * Checks that a value passes a schema as it is, without a zod parse, for data checked in bulk (every reading
 * of an upload): a parse builds a new object and a result for every field. A check answers true only for a
 * value the schema takes unchanged: a plain object with no key the schema would strip or refuse, none present
 * as undefined, every value of its type and range. Anything else goes to the schema, which decides and says
 * why. Tests hold each check to its schema (schemas/test/accept.test.ts).
 */
export type Accepts = (value: unknown) => boolean;

/** How many answers `remembered` keeps before it starts again. */
const REMEMBERED = 4096;

/**
 * `convert` with its answers remembered, emptied when they reach REMEMBERED: readings share their instants
 * (a fleet reads on the hour) and their meters, and reading a string's format costs more than the rest of a
 * reading.
 */
export function remembered<K, V>(convert: (key: K) => V): (key: K) => V {
  const answers = new Map<K, V>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = convert(key);
      if (answers.size >= REMEMBERED) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}

/** A string the schema passes, each distinct string parsed once. */
export function stringPassing(schema: z.ZodType<string>): Accepts {
  const passes = remembered((text: string) => schema.safeParse(text).success);
  return (value) => typeof value === 'string' && passes(value);
}

/** z.number(): a finite number. */
export const finiteNumber: Accepts = (value) => typeof value === 'number' && Number.isFinite(value);

/** z.number().nonnegative(). */
export const nonnegativeNumber: Accepts = (value) => finiteNumber(value) && (value as number) >= 0;

/** z.array(item) with `min` and `max` items; a hole is an undefined item (Array#every would skip it). */
export function arrayOf(item: Accepts, min: number, max = Number.POSITIVE_INFINITY): Accepts {
  return (value) => {
    if (!Array.isArray(value) || value.length < min || value.length > max) return false;
    for (let i = 0; i < value.length; i++) if (!item(value[i])) return false;
    return true;
  };
}

/** A z.object or z.strictObject of these fields, the `required` ones present; optional ones absent or valid. */
export function objectOf(fields: Record<string, Accepts>, required: readonly string[]): Accepts {
  const checks = new Map(Object.entries(fields));
  const mandatory = new Set(required);
  return (value) => {
    if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype)
      return false;
    let present = 0;
    for (const key in value) {
      const check = checks.get(key);
      if (check === undefined || !check((value as Record<string, unknown>)[key])) return false;
      if (mandatory.has(key)) present++;
    }
    return present === mandatory.size;
  };
}
