/**
 * Messages between the page and the service worker, as one zod union.
 */
import { z } from 'zod/mini'

export const PageToWorkerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SKIP_WAITING') }),
])
export type PageToWorker = z.infer<typeof PageToWorkerSchema>
