/**
 * Messages between the page and the service worker, as zod unions.
 */
import { z } from 'zod/mini'
import { PushPayloadSchema } from '../contract/push-payload'

export const PageToWorkerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SKIP_WAITING') }),
  /** The member logged out: the lobby data cache is emptied (data-cache.ts). */
  z.object({ type: z.literal('CLEAR_DATA_CACHE') }),
])
export type PageToWorker = z.infer<typeof PageToWorkerSchema>

export const WorkerToPageSchema = z.discriminatedUnion('type', [
  /** A push arrived: the page refreshes what it is about and shows it. */
  z.object({ type: z.literal('PUSH_NOTICE'), notice: PushPayloadSchema }),
  /** The browser replaced the push subscription: the page sends the new one to the server. */
  z.object({ type: z.literal('PUSH_SUBSCRIPTION_CHANGED') }),
  /** A stored lobby answer was refreshed with a different body: the page refetches it. */
  z.object({ type: z.literal('DATA_REFRESHED'), path: z.string() }),
])
export type WorkerToPage = z.infer<typeof WorkerToPageSchema>
