/** Numbers in the interface language (grouping and decimal marks of the browser's Intl data), cached. */

const formats = new Map<string, Intl.NumberFormat>();

function format(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(language, options);
    formats.set(key, found);
  }
  return found;
}

/**
 * A number with `digits` decimals (volumes in m3 have 3), or between `digits` and `maxDigits` (axis
 * values); '' for none.
 */
export function formatNumber(
  value: number | null | undefined,
  language: string,
  digits = 0,
  maxDigits = digits,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return format(language, { minimumFractionDigits: digits, maximumFractionDigits: maxDigits }).format(value);
}

/** A share 0..1 as a percentage with at most one decimal: 0.9875 is "98.8%" (in English). */
export function formatPercent(share: number | null | undefined, language: string): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return '';
  return format(language, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}
