/** An ILIKE pattern matching `value` anywhere, its wildcards escaped; null (no filter) for an empty value. */
export function containsPattern(value: string | undefined): string | null {
  return value ? `%${value.replace(/[\\%_]/g, '\\$&')}%` : null;
}
