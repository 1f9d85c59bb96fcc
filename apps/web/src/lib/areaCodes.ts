import { COUNTRIES } from '@hydrolog/schemas';

/** Every dial code of the shared country table, once each; +86 first, as the product's home market. */
export const AREA_CODES = [
  '+86',
  ...[...new Set(COUNTRIES.map((c) => c.dialCode))].filter((code) => code !== '+86').sort(),
];
