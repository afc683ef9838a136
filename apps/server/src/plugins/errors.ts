import { type ApiErrorBody, errorCodes, toValidationErrors } from '@closia/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceUnavailableError, unavailableCause } from '../db/resilience';
import { AppError, RequestValidationError } from '../lib/errors';
import { redactForLog } from '../lib/log-redaction';

const byStatus: Record<number, string> = {
  400: errorCodes.badRequest,
  401: errorCodes.unauthorized,
  403: errorCodes.forbidden,
  404: errorCodes.notFound,
  409: errorCodes.conflict,
  413: errorCodes.payloadTooLarge,
  415: errorCodes.badRequest,
  422: errorCodes.validation,
  429: errorCodes.tooManyRequests,
};

/** One place where every failure becomes the `{ code, message, errors? }` envelope. */
export function toEnvelope(raw: unknown, exposeInternals: boolean): { status: number; body: ApiErrorBody } {
  const error = unavailableCause(raw) ?? raw;
  if (error instanceof RequestValidationError) {
    return {
      status: 422,
      body: {
        code: errorCodes.validation,
        message: 'Validation failure',
        errors: toValidationErrors(error.zodError, error.input),
      },
    };
  }
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { code: error.code, message: error.message, ...(error.errors ? { errors: error.errors } : {}) },
    };
  }
  const fe = error as FastifyError;
  const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
  if (status === 500) {
    return {
      status,
      body: {
        code: errorCodes.internal,
        message: exposeInternals ? String((redactForLog(fe) as Error).message) : 'Internal server error',
      },
    };
  }
  const message =
    status === 413
      ? 'Payload too large'
      : status === 429
        ? 'Too many requests. Please try again later.'
        : fe.message;
  return { status, body: { code: byStatus[status] ?? errorCodes.badRequest, message } };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request failed in a way that may have saved its write (503, connection lost mid-write). */
    writeOutcomeUnknown: boolean;
  }
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('writeOutcomeUnknown', false);
    app.setErrorHandler((raw: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const error = unavailableCause(raw) ?? raw;
      const { status, body } = toEnvelope(error, app.config.env === 'development');
      // A failed query's parameters (hashes, e-mails) never reach the log; the SQL and the cause do.
      // The logger's `err` serializer strips the query values of database errors.
      // One short line per refused request during an outage, not a stack trace each.
      if (status === 503) request.log.warn({ code: body.code }, 'dependency unavailable');
      else if (status >= 500) request.log.error({ err: error }, 'request failed');
      const retryAfter = (error as { retryAfter?: number }).retryAfter ?? (status === 503 ? 2 : undefined);
      if ((status === 429 || status === 503) && retryAfter) reply.header('retry-after', retryAfter);
      if (error instanceof ServiceUnavailableError && error.outcomeUnknown) {
        // A read changed nothing, whatever the connection did.
        if (request.method === 'GET')
          return reply.code(status).send({ ...body, message: new ServiceUnavailableError(false).message });
        request.writeOutcomeUnknown = true;
      }
      return reply.code(status).send(body);
    });

    // An error is never cached, whatever a handler set before failing (e.g. `public, max-age`):
    // this covers the answers of the error handler, of the not-found handler and of any route.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode >= 400) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'errors' },
);
