import { type ApiErrorBody, errorCodes, errorReasonNames, toValidationErrors } from '@closia/shared';
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

/**
 * The envelope in the OpenAPI document (`components.schemas`, titled `ApiError`): `reason` is there
 * only when the server knows why (one of the shared table), `errors` only on a 422.
 */
export const apiErrorJsonSchema = {
  $id: 'ApiError',
  type: 'object',
  required: ['code', 'message'],
  additionalProperties: false,
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    reason: { type: 'string', enum: errorReasonNames },
    meta: { type: 'object', additionalProperties: true },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['message', 'rule', 'field'],
        additionalProperties: false,
        properties: {
          message: { type: 'string' },
          rule: { type: 'string' },
          field: { type: 'string' },
          meta: { type: 'object', additionalProperties: true },
          index: { type: 'integer' },
        },
      },
    },
  },
} as const;

/** One place where every failure becomes the `{ code, message, reason?, errors? }` envelope. */
export function toEnvelope(raw: unknown, exposeInternals: boolean): { status: number; body: ApiErrorBody } {
  const error = unavailableCause(raw) ?? raw;
  if (error instanceof RequestValidationError) {
    return {
      status: 422,
      body: {
        code: errorCodes.validation,
        message: 'Validation failure',
        // An error on the whole part (a body that is not an object) is named by the part.
        errors: toValidationErrors(error.zodError, error.input).map((item) =>
          item.field === '' ? { ...item, field: error.part } : item,
        ),
      },
    };
  }
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: {
        code: error.code,
        message: error.message,
        ...(error.reason ? { reason: error.reason } : {}),
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.meta ? { meta: error.meta } : {}),
      },
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

/**
 * Fastify's router refuses some URLs before any route or hook runs (a broken percent-encoding, a
 * parameter over `maxParamLength`): the same envelope, and the URL is never echoed back.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const body: ApiErrorBody = {
    code: errorCodes.badRequest,
    message: status === 414 ? 'URI too long' : 'Malformed URL',
  };
  reply.code(status).header('cache-control', 'no-store').send(body);
}

const clientErrorStatus: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
  ERR_HTTP_HEADERS_TIMEOUT: [408, 'Request Timeout'],
};

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers over 16 KB, a broken
 * request line, a timeout): the answer is written on the socket, in the envelope too.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: import('node:net').Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason] = clientErrorStatus[error.code ?? ''] ?? [400, 'Bad Request'];
  const body = JSON.stringify({
    code: errorCodes.badRequest,
    message:
      status === 431 ? 'Request headers too large' : status === 408 ? 'Request timeout' : 'Bad request',
  } satisfies ApiErrorBody);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
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
    app.addSchema(apiErrorJsonSchema);

    // Shutting down (SIGTERM): running requests finish; a new one on a kept-alive connection gets
    // the envelope (Fastify's own 503 is off: return503OnClosing false in app.ts).
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    // Synchronous hooks (`done`): no promise and no microtask per request for a check that is
    // false but while shutting down.
    app.addHook('onRequest', (_request, reply, done) => {
      if (!closing) return done();
      reply.header('connection', 'close');
      done(new ServiceUnavailableError(false, 'Le serveur redémarre : réessayez dans quelques instants.'));
    });

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
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode >= 400) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'errors' },
);
