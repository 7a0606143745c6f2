/**
 * Build-time configuration of the PWA. The API base URL is configuration, so the same
 * build can front any backend that speaks the platform's protocol.
 */
import { z } from 'zod/mini'

const EnvSchema = z.object({
  VITE_API_BASE_URL: z._default(z.string(), ''),
  VITE_APP_VERSION: z._default(z.string(), 'dev'),
})

export const env = EnvSchema.parse({
  VITE_API_BASE_URL: import.meta.env.VITE_API_BASE_URL as unknown,
  VITE_APP_VERSION: import.meta.env.VITE_APP_VERSION as unknown,
})
