/**
 * Deterministic randomness for the fleet and the model: a seeded PRNG (mulberry32) for sequences, and integer
 * hashes for values keyed by (meter, hour) so that any value can be computed in any order.
 */

/** mulberry32: a small, fast 32-bit PRNG. Returns a function giving floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded random source with a few helpers on top of mulberry32. */
export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }
  /** A float in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number {
    return min + Math.floor((max - min + 1) * this.next());
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** A standard normal deviate (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
  /** Picks by weights (need not sum to 1). */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }
  /** Fisher-Yates shuffle in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = items[i]!;
      items[i] = items[j]!;
      items[j] = tmp;
    }
    return items;
  }
}

/** A 32-bit finaliser (lowbias32): a good avalanche for integer hashing. */
export function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of up to three integers (each taken modulo 2^32). */
export function hash3(a: number, b: number, c = 0): number {
  return mix32(mix32(mix32(a ^ 0x9e3779b9) ^ b) ^ Math.imul(c, 0xc2b2ae35) ^ 0x27d4eb2f);
}

/** A float in [0, 1) from a hash of up to three integers. */
export function hash01(a: number, b: number, c = 0): number {
  return hash3(a, b, c) / 4294967296;
}

/** FNV-1a of a string: a stable 32-bit key for meter numbers and names. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
