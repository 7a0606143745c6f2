/**
 * Every job the platform runs: the one list main.ts hands to createJobs, gathered from
 * what each area added (`app.platform.addJobs` in server/<area>/plugin.ts).
 */
import type { AppServices } from '../app'
import type { Config } from '../config/env'
import type { JobDefinition } from './define-job'
import type { Jobs } from './jobs'

/** The settings the jobs are scheduled by. */
export type JobConfig = Pick<
  Config,
  'AUTO_RECEIVE_INTERVAL_SECONDS' | 'PUSH_SWEEP_SECONDS' | 'VENDOR_TX_RETENTION_DAYS'
>

/** An area's jobs, made once the queue they run on exists (push jobs queue deliveries on it). */
export type AreaJobs = (config: JobConfig, queue: () => Jobs) => JobDefinition[]

export function platformJobs(
  services: Pick<AppServices, 'jobs'>,
  config: JobConfig,
  /** The queue these jobs run on. */
  jobs: () => Jobs,
): JobDefinition[] {
  return services.jobs.flatMap((areaJobs) => areaJobs(config, jobs))
}
