/** Every job the platform runs: the one list main.ts hands to createJobs. */
import type { AppServices } from '../app'
import type { Config } from '../config/env'
import type { JobDefinition } from './define-job'
import { sessionPruningJob } from './session-pruning'
import { withdrawalAutoReceiveJob } from './withdrawal-auto-receive'

export function platformJobs(
  services: Pick<AppServices, 'funds' | 'sessions'>,
  config: Pick<Config, 'AUTO_RECEIVE_INTERVAL_SECONDS'>,
): JobDefinition[] {
  return [
    withdrawalAutoReceiveJob(services.funds, config.AUTO_RECEIVE_INTERVAL_SECONDS),
    sessionPruningJob(services.sessions),
  ]
}
