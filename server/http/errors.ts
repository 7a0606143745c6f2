/**
 * Failures travel as the platform's envelope with a real HTTP status. Handlers throw
 * AppError; everything else is mapped here so a user's mistake never becomes a 500 and
 * no stack trace ever leaves the server.
 */
import { errorHttpStatus, type ErrorCode } from '#contract/error-codes'
import type { Failure, FieldError } from '#contract/envelope'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'

export class AppError extends Error {
  constructor(
    readonly errorCode: ErrorCode,
    message?: string,
    readonly value?: Failure['value'],
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? errorCode)
  }
  get status(): number {
    return errorHttpStatus[this.errorCode]
  }
}

/** Whole seconds from `now` until `until`, at least 1: what a Retry-After says. */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
}

/** A refusal that says when to try again: `value.retryAfterSeconds` and a Retry-After header. */
export function retryLater(
  errorCode: ErrorCode,
  message: string,
  seconds: number,
  value: Record<string, unknown> = {},
): AppError {
  return new AppError(
    errorCode,
    message,
    { ...value, retryAfterSeconds: seconds },
    { 'retry-after': String(seconds) },
  )
}

export function failure(errorCode: ErrorCode, message: string, value?: Failure['value']): Failure {
  return value === undefined
    ? { success: false, errorCode, message }
    : { success: false, errorCode, message, value }
}

const codeByFastifyCode: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request_body_required',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_EMPTY_TYPE: 'unsupported_media_type',
  FST_ERR_VALIDATION: 'validation_failed',
}

function fieldErrorsOf(err: FastifyError): FieldError[] {
  if (hasZodFastifySchemaValidationErrors(err)) {
    return err.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      code: v.keyword,
      message: v.message ?? v.keyword,
    }))
  }
  return []
}

/** Installs the error and not-found handlers that answer every failure as an envelope. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers)
      return reply.code(err.status).send(failure(err.errorCode, err.message, err.value))
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request'
      return reply
        .code(400)
        .send(failure('validation_failed', `invalid ${where}`, { fields: fieldErrorsOf(err) }))
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, url: req.url }, 'response outside its contract schema')
      return reply.code(500).send(failure('internal_error', 'internal error'))
    }
    const mapped = err.code ? codeByFastifyCode[err.code] : undefined
    if (mapped) {
      return reply.code(errorHttpStatus[mapped]).send(failure(mapped, err.message))
    }
    if (err instanceof SyntaxError || (err.statusCode === 400 && err.message.includes('JSON'))) {
      return reply.code(400).send(failure('invalid_json', 'the body is not valid JSON'))
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code: ErrorCode =
        err.statusCode === 404
          ? 'not_found'
          : err.statusCode === 403
            ? 'forbidden'
            : err.statusCode === 413
              ? 'payload_too_large'
              : 'bad_request'
      return reply.code(err.statusCode).send(failure(code, err.message))
    }
    req.log.error({ err }, 'unhandled error')
    return reply.code(500).send(failure('internal_error', 'internal error'))
  })
}
