/**
 * Reads the PostgreSQL error behind a failed query. Drizzle wraps driver errors (its
 * DrizzleQueryError keeps the original as `cause`); PGlite and node-postgres both carry
 * the SQLSTATE `code` and, for constraint failures, the constraint's name.
 */
export interface PgErrorInfo {
  code: string
  constraint?: string
}

export function pgErrorOf(err: unknown): PgErrorInfo | undefined {
  let e: unknown = err
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const o = e as { code?: unknown; constraint?: unknown; cause?: unknown }
    if (typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code)) {
      return { code: o.code, ...(typeof o.constraint === 'string' ? { constraint: o.constraint } : {}) }
    }
    e = o.cause
  }
  return undefined
}

export const pgCodes = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const
