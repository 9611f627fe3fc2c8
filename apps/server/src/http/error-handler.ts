import type { ErrorCode, ErrorResponse } from '@gerbang/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';

function send(reply: FastifyReply, request: FastifyRequest, status: number, body: ErrorResponse['error']) {
  const payload: ErrorResponse = { error: body, requestId: String(request.id) };
  return reply.status(status).type('application/json').send(JSON.stringify(payload));
}

type ValidationIssue = { keyword?: string; instancePath?: string; message?: string; params?: { keys?: string[] } };

/**
 * `body.email` → "Invalid email": one message per field, the first issue wins. Issues come from
 * fastify-type-provider-zod: `keyword` is the zod issue code, `instancePath` the field path.
 */
function zodFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  const context = error.validationContext ?? 'body';
  for (const issue of (error.validation ?? []) as ValidationIssue[]) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const prefix = path ? `${context}.${path}` : context;
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys) {
      for (const key of issue.params.keys) fields[`${prefix}.${key}`] = 'Unknown field';
      continue;
    }
    fields[prefix] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/** Fastify's own client errors (bad JSON, wrong content type, too large) by their code. */
const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request body is empty but Content-Type is application/json',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1 MiB' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'Content-Length does not match the body' },
};

/**
 * Errors Fastify meets before any route runs (a URL it cannot decode, a path segment longer than
 * the router takes): in the one error shape too, never Fastify's own body echoing the URL.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, request, 414, { code: 'BAD_REQUEST', message: 'A part of the URL is too long' });
  }
  return send(reply, request, 400, { code: 'BAD_REQUEST', message: 'The URL could not be understood' });
}

export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.options.headers) reply.headers(error.options.headers);
      return send(reply, request, error.statusCode, {
        code: error.code,
        message: error.message,
        ...(error.options.fields ? { fields: error.options.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const fields = zodFields(error);
      const names = Object.keys(fields).join(', ');
      return send(reply, request, 422, {
        code: 'VALIDATION_FAILED',
        message: names ? `Invalid input: ${names}` : 'Invalid input',
        fields,
      });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return send(reply, request, error.statusCode ?? 400, known);
    if (error.statusCode === 429) {
      return send(reply, request, 429, { code: 'RATE_LIMITED', message: 'Too many requests; try again later' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, request, error.statusCode, {
        code: 'BAD_REQUEST',
        message: 'The request could not be understood',
      });
    }
    // 5xx: the full error goes to the log only; the client gets a generic message.
    request.log.error({ err: error }, 'request failed');
    return send(reply, request, 500, { code: 'INTERNAL', message: 'Something went wrong; try again later' });
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, request, 404, {
      code: 'NOT_FOUND',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    }),
  );
}
