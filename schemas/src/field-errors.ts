import type { FieldError } from './api.ts';
import { type MessageKey, type Messages, textIn, translateIn } from './messages/index.ts';

/** The parts of a zod issue that say what is wrong (zod's own issues, or an API's validation entries). */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  keys?: readonly string[];
}

/**
 * One translation of validation failures for browser and server (DESIGN principle 7), in the language of
 * `messages`: a schema's own message key wins; otherwise the issue code picks a generic message.
 */
export function toFieldError(issue: IssueLike, messages: Messages): FieldError {
  const params = {
    max: String(issue.maximum ?? ''),
    min: String(issue.minimum ?? ''),
    expected: issue.expected ?? '',
    keys: (issue.keys ?? []).join(', '),
  };
  const message = textIn(messages, issue.message, params) ?? translateIn(messages, genericKey(issue), params);
  return { field: issue.path.map(String).join('.'), message };
}

function genericKey(issue: IssueLike): MessageKey {
  const text = issue.origin === 'string' || issue.origin === 'array';
  switch (issue.code) {
    case 'invalid_type':
      return /received undefined|received null/.test(issue.message)
        ? 'validation.required'
        : 'validation.invalidType';
    case 'too_big':
      return text ? 'validation.tooLong' : 'validation.tooBig';
    case 'too_small':
      if (text) return Number(issue.minimum) === 1 ? 'validation.required' : 'validation.tooShort';
      return 'validation.tooSmall';
    case 'invalid_format':
      return 'validation.invalidFormat';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    default:
      return 'validation.invalidValue';
  }
}

/** Half a surrogate pair: no text a person types has one, and it has no UTF-8 form to store. */
const HALF_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `text` holds a character no input may carry: a NUL (PostgreSQL text cannot hold one) or half a surrogate pair. */
export const isBrokenText = (text: string) => text.includes('\0') || HALF_SURROGATE.test(text);

/**
 * The paths of the strings (values and keys, at any depth) in `value` that break the rule: every field of
 * a request is checked, whatever its schema, before the schema is.
 */
export function brokenTextPaths(value: unknown, path: readonly string[] = []): string[][] {
  if (typeof value === 'string') return isBrokenText(value) ? [[...path]] : [];
  // Bytes (an upload's raw body) hold no strings: their decoder reads them.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    isBrokenText(key) ? [[...path]] : brokenTextPaths(inner, [...path, key]),
  );
}
