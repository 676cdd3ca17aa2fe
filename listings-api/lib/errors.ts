import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { ApiError } from '../../shared/contract';

/** An error with an HTTP status meant for the client (its message is shown as is). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function notFound(what: string): HttpError {
  return new HttpError(404, `${what} not found`);
}

export function errorBody(statusCode: number, message: string, field?: string): ApiError {
  const body: ApiError = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  if (field !== undefined) body.field = field;
  return body;
}

// Fastify's own client errors (body parsing, media type, size) and the field they concern.
const CLIENT_ERROR_FIELDS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'content-type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'content-length',
  FST_ERR_CTP_INVALID_TYPE: 'content-type',
};

/**
 * The one error handler: client errors answer their status with a message naming the field;
 * anything else is logged with its stack and answers a bare 500 (never a stack trace).
 */
export function handleError(
  error: FastifyError & { field?: string },
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const status = error.statusCode ?? 500;
  if (error instanceof HttpError || error.name === 'FieldError') {
    return reply.code(status).send(errorBody(status, error.message, error.field));
  }
  if (status >= 400 && status < 500) {
    const field = CLIENT_ERROR_FIELDS[error.code] ?? (error.validation ? 'request' : undefined);
    // Fastify's parser messages are safe to show; keep them short.
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'body: not valid JSON' : error.message;
    return reply.code(status).send(errorBody(status, message, field));
  }
  request.log.error({ err: error, reqId: request.id }, 'request failed');
  return reply.code(500).send(errorBody(500, 'Internal Server Error'));
}
