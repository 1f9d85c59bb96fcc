import { DomainError } from '@hydrolog/domain';
import { InvalidEventError, WrongExpectedVersionError } from '@hydrolog/eventstore';
import { brokenTextPaths, type IssueLike, toFieldError } from '@hydrolog/schemas';
import { messagesIn, translate } from '@hydrolog/schemas/messages/all';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { failure, invalid, requestLanguage } from './http.ts';

/**
 * Spec section 8 on the server: bad input → 400 with field errors in the caller's language;
 * a business rule → code 500 with its message; anything unexpected → 500 without internals, logged
 * with the request's correlation id.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  // One rule for every string a request carries, before any route's schema: no NUL, no half surrogate pair.
  app.addHook('preValidation', async (request, reply) => {
    // Routes without a schema (files under /uploads, the docs) read no fields: their own path rule answers.
    if (!request.routeOptions.schema) return;
    const broken = [
      ...brokenTextPaths(request.params),
      ...brokenTextPaths(request.query),
      ...brokenTextPaths(request.body),
    ];
    if (broken.length === 0) return;
    const message = translate('validation.brokenText', requestLanguage(request));
    return reply.status(400).send(
      invalid(
        request,
        broken.map((path) => ({ field: path.join('.'), message })),
      ),
    );
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = error.validation.map((entry) =>
        toFieldError(
          {
            ...(entry.params as Partial<IssueLike>),
            code: entry.keyword,
            path: entry.instancePath.split('/').filter(Boolean),
            message: entry.message ?? '',
          },
          messagesIn(language),
        ),
      );
      return reply.status(400).send(invalid(request, fieldErrors));
    }
    if (error instanceof DomainError) return reply.send(failure(request, error.key, error.params));
    if (error instanceof WrongExpectedVersionError) return reply.send(failure(request, 'error.staleVersion'));
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(invalid(request, [], 'validation.malformedBody'));
    }
    if (error.statusCode === 413) return reply.status(413).send(failure(request, 'http.413'));
    if (error.statusCode === 415) return reply.status(415).send(failure(request, 'http.415'));
    // A command that produced an event its schema refuses is a bug, not bad input: it goes to the log below.
    if (error instanceof InvalidEventError) request.log.error({ err: error }, 'refused event');
    request.log.error({ err: error, correlationId: request.id }, 'unexpected error');
    return reply.status(500).send(failure(request, 'error.internal', { correlationId: request.id }));
  });
}
