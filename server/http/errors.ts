/**
 * Failures travel as the platform's envelope with a real HTTP status. Handlers throw
 * AppError; everything else is mapped here so a user's mistake never becomes a 500 and
 * no stack trace ever leaves the server.
 */
import type { Socket } from 'node:net'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import type { Failure, FieldError } from '#contract/envelope'
import { errorHttpStatus, type ErrorCode } from '#contract/error-codes'

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

/** What a log line says about an error, and its causes. */
export interface LoggedError {
  type: string
  message: string
  code?: string
  /** PostgreSQL's names of what failed: schema identifiers, never values. */
  constraint?: string
  table?: string
  column?: string
  stack?: string
  cause?: LoggedError
}

const dbFields = ['constraint', 'table', 'column'] as const

/**
 * An error as the log may carry it. A failed query's own text holds the SQL and its
 * parameters (what the user typed, a password hash, an e-mail address), and PostgreSQL
 * quotes the offending value in its message, so neither reaches the log: the query is named
 * only as failed, quoted parts of a database message are blanked, and the stack keeps its
 * frames without the message line.
 */
export function loggable(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: 'a thrown non-error value' }
  const fromDb =
    err instanceof DrizzleQueryError ||
    depth > 0 ||
    typeof (err as { severity?: unknown }).severity === 'string'
  const message =
    err instanceof DrizzleQueryError
      ? 'database query failed'
      : fromDb
        ? err.message.replace(/"[^"]*"/g, '"…"')
        : err.message
  const out: LoggedError = { type: err.name, message }
  const fields = err as unknown as Record<string, unknown>
  if (typeof fields.code === 'string') out.code = fields.code
  for (const f of dbFields) if (typeof fields[f] === 'string') out[f] = fields[f]
  const frames = err.stack
    ?.split('\n')
    .filter((l) => l.startsWith('    at '))
    .join('\n')
  if (frames) out.stack = frames
  if (err.cause !== undefined && depth < 3) out.cause = loggable(err.cause, depth + 1)
  return out
}

const clientErrors: Record<string, { status: number; errorCode: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    errorCode: 'headers_too_large',
    message: 'the request headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    errorCode: 'request_timeout',
    message: 'the request took too long',
  },
}
const statusText: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers too large, a
 * broken chunked body, a request that never finished); they are answered in the envelope
 * too, then the connection is closed as Node would.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string },
  socket: Socket,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const known = err.code ? clientErrors[err.code] : undefined
  const { status, errorCode, message } = known ?? {
    status: 400,
    errorCode: 'bad_request' as const,
    message: 'the request could not be read',
  }
  this.log.debug({ code: err.code }, 'client error')
  if (socket.writable) {
    const body = JSON.stringify(failure(errorCode, message))
    socket.write(
      `HTTP/1.1 ${status} ${statusText[status] ?? 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(err)
}
