/**
 * The platform's response envelope: `{ success: true, value }` on success and
 * `{ success: false, errorCode, message, value? }` on failure, with a real HTTP status.
 */
import { z } from 'zod/mini'
import { ErrorCodeSchema } from './error-codes'

/** One field's validation problem, as carried in a failure's value.fields. */
export const FieldErrorSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
})
export type FieldError = z.infer<typeof FieldErrorSchema>

export const FailureValueSchema = z.optional(
  z.looseObject({
    fields: z.optional(z.array(FieldErrorSchema)),
    captcha: z.optional(z.boolean()),
    retryAfterSeconds: z.optional(z.number()),
  }),
)

export const FailureSchema = z.object({
  success: z.literal(false),
  errorCode: ErrorCodeSchema,
  message: z.string(),
  value: FailureValueSchema,
})
export type Failure = z.infer<typeof FailureSchema>

/** The success envelope around an endpoint's value schema. */
export function successEnvelope<T extends z.ZodMiniType>(value: T) {
  return z.object({ success: z.literal(true), value })
}
