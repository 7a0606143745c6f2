/**
 * The live channel: one server-sent-events stream per signed-in tab (server/live). The
 * stream is a GET with the session's Authorization header; each message's `data` is one
 * LiveEvent as JSON and its `id` the event's place in the brand's event log. A tab that
 * reconnects sends the last id it saw as `Last-Event-ID` and is sent what it missed, or
 * `reset` when that is no longer kept (it then refetches what it shows).
 */
import { z } from 'zod/mini'
import { MoneySchema } from './money'
import { PushPayloadSchema } from './push-payload'

export const liveStreamPath = '/wps/live/stream'

/** What an open stream is told. */
export const LiveEventSchema = z.discriminatedUnion('type', [
  /** The stream is open; its id is where the log stands (the first Last-Event-ID). */
  z.object({ type: z.literal('ready') }),
  /** Events were missed beyond what is kept: refetch everything shown. */
  z.object({ type: z.literal('reset') }),
  /** The member's money moved (a wallet's balance changed). */
  z.object({ type: z.literal('balance') }),
  /** A notice arrived, written in the stream's language (the push's own shape). */
  z.object({ type: z.literal('notice'), notice: z.omit(PushPayloadSchema, { tag: true }), id: z.int() }),
  /** The unread count changed (read or removed in another tab). */
  z.object({ type: z.literal('inbox'), unread: z.int().check(z.nonnegative()) }),
  /** Lottery bets settled: how many, how many won and what they paid in all. */
  z.object({
    type: z.literal('lottery'),
    settled: z.int().check(z.positive()),
    won: z.int().check(z.nonnegative()),
    payout: MoneySchema,
  }),
  /** The brand published an announcement. */
  z.object({ type: z.literal('announcement') }),
  /** The session ended (logout, a password change): the stream closes after this. */
  z.object({ type: z.literal('end') }),
])
export type LiveEvent = z.infer<typeof LiveEventSchema>

/** Why a stream was not opened (besides the session errors every call has). */
export const liveStreamErrors = ['live_streams_full'] as const
