import type { FieldError } from './api.ts';
import { isMessageKey, type Language, type MessageKey, translate } from './messages.ts';

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
 * One translation of validation failures for browser and server (DESIGN principle 7):
 * a schema's own message key wins; otherwise the issue code picks a generic message.
 */
export function toFieldError(issue: IssueLike, language: Language): FieldError {
  const params = {
    max: String(issue.maximum ?? ''),
    min: String(issue.minimum ?? ''),
    expected: issue.expected ?? '',
    keys: (issue.keys ?? []).join(', '),
  };
  return { field: issue.path.map(String).join('.'), message: translate(messageKey(issue), language, params) };
}

function messageKey(issue: IssueLike): MessageKey {
  if (isMessageKey(issue.message)) return issue.message;
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
