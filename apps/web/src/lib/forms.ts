import { type FieldError, type IssueLike, toFieldError } from '@hydrolog/schemas';
import { currentMessages } from '../i18n/index.ts';

export type FieldErrors = Record<string, string>;

/** Field errors keyed by field path, from zod issues (browser) or the server's 400 answer. */
export function fieldErrors(list: readonly FieldError[]): FieldErrors {
  return Object.fromEntries(list.map((e) => [e.field, e.message]));
}

/** Validates a form with a shared zod schema: the parsed value, or its issues translated by field. */
export function validate<T>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: IssueLike[] } };
  },
  value: unknown,
): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { data: parsed.data, errors: null };
  const messages = currentMessages();
  return { data: null, errors: fieldErrors(parsed.error.issues.map((i) => toFieldError(i, messages))) };
}
