/**
 * What a job is: a queue name, a zod schema for its payload, a handler, an optional
 * schedule and a retry policy. server/jobs/README.md says how to add one.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'

/** The PostgreSQL schema pg-boss keeps its tables in (the `jobs` operator command reads it). */
export const jobsSchema = 'pgboss'

/** Queue names: letters, digits and `.-_`, dotted by domain (`withdrawals.auto-receive`). */
export const jobNamePattern = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/

export interface RetryPolicy {
  /** Retries after the first attempt; the job shows as failed when they are used up. */
  limit: number
  /** Seconds before the first retry. */
  delaySeconds: number
  /** Doubles the delay on each retry (with jitter), up to `maxDelaySeconds`. */
  backoff: boolean
  maxDelaySeconds?: number
}

/**
 * When a job runs without anyone sending it: a cron expression (UTC, minute resolution),
 * or every so many seconds. Either way once per period across every instance.
 */
export type JobSchedule<P> = ({ cron: string } | { everySeconds: number }) & {
  /** The payload each scheduled run gets; `{}` when the schema allows it. */
  payload?: P
}

export interface JobContext {
  id: string
  /** 1 on the first try, 2 on the first retry, … */
  attempt: number
  /** Aborted when the server stops and the job has not finished in time. */
  signal: AbortSignal
  log: FastifyBaseLogger
}

/** A job's payload is a JSON object (pg-boss stores it as jsonb). */
export type PayloadSchema = z.ZodType<object, object>

export interface JobDefinition<S extends PayloadSchema = PayloadSchema> {
  name: string
  payload: S
  // Method syntax on purpose: a list of jobs with different payloads is a JobDefinition[].
  handler(payload: z.output<S>, ctx: JobContext): Promise<void>
  schedule?: JobSchedule<z.input<S>>
  /** Defaults to `defaultRetry`. */
  retry?: RetryPolicy
  /** An attempt still running after this long counts as failed (a crashed instance). */
  timeoutSeconds?: number
  /**
   * `exclusive`: at most one job per singleton key queued or running (a second send with
   * the key is dropped). Default `standard`. Fixed when the queue is first made.
   */
  policy?: 'standard' | 'exclusive'
  /**
   * How many of its waiting jobs an instance takes at once and runs side by side, each
   * finishing or failing (and retrying) on its own; while the batches come back full it takes
   * the next at once instead of waiting for the polling interval. For many small jobs that
   * wait on the network (a push per notice). Default 1: one job per polling interval.
   */
  batchSize?: number
  /**
   * Workers on every instance are woken the moment a job of this queue is queued (a
   * PostgreSQL NOTIFY sent at the queuing transaction's commit) instead of at their next
   * poll; polling still runs behind it. For work someone waits on (a fund notice's push).
   * Fixed when the queue is made and updated at each start.
   */
  wakeOnSend?: boolean
}

/**
 * What a sender needs to know of a job: its name and payload schema. Export one beside the
 * job so other modules can queue it without holding the handler's services.
 */
export type JobRef<S extends PayloadSchema = PayloadSchema> = Pick<JobDefinition<S>, 'name' | 'payload'>

export const defaultRetry: RetryPolicy = { limit: 3, delaySeconds: 5, backoff: true, maxDelaySeconds: 300 }

/** Declares a job; the identity function keeps the payload and handler types tied together. */
export function defineJob<S extends PayloadSchema>(definition: JobDefinition<S>): JobDefinition<S> {
  if (!jobNamePattern.test(definition.name)) {
    throw new Error(`job name ${definition.name} must look like domain.action (lowercase, dotted)`)
  }
  return definition
}
