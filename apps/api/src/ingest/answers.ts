import { DomainError } from '@hydrolog/domain';
import { IngestRequestError } from '@hydrolog/ingest';
import { type Language, toFieldError } from '@hydrolog/schemas';
import { messagesIn } from '@hydrolog/schemas/messages/all';
import { failureIn, invalidIn } from '../http.ts';

/** A gateway answer: the HTTP status and body, which MQTT replies carry too. */
export interface GatewayAnswer {
  status: number;
  body: unknown;
  /** With 429: the seconds to wait (HTTP's Retry-After). */
  retryAfter?: number;
}

/** How long a gateway pushed back is asked to wait. */
export const RETRY_AFTER_SECONDS = 2;

/** Gateway answers use HTTP statuses (machines read them), with the message in the envelope's msg. */
const DOMAIN_STATUS: Partial<Record<string, number>> = {
  'error.command.notFound': 404,
  'error.command.finished': 409,
};

/**
 * The answer to a gateway request that failed on its input or a business rule, in `language`, whatever
 * the transport; null for an unexpected error.
 */
export function gatewayErrorAnswer(error: unknown, language: Language): GatewayAnswer | null {
  if (error instanceof IngestRequestError) {
    if (error.issues.length === 0)
      return { status: error.status, body: failureIn(language, error.key, error.params, error.status) };
    const errors = error.issues.map((issue) => toFieldError(issue, messagesIn(language)));
    return { status: error.status, body: invalidIn(language, errors, error.key) };
  }
  if (error instanceof DomainError) {
    const status = DOMAIN_STATUS[error.key] ?? 400;
    return { status, body: failureIn(language, error.key, error.params, status) };
  }
  return null;
}

/** The push-back while the readings projection is too far behind: send the same batch again later. */
export function busyAnswer(language: Language): GatewayAnswer & { status: 429; retryAfter: number } {
  return {
    status: 429 as const,
    retryAfter: RETRY_AFTER_SECONDS,
    body: failureIn(language, 'error.ingest.busy', { seconds: RETRY_AFTER_SECONDS }, 429),
  };
}
