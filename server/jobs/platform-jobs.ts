/** Every job the platform runs: the one list main.ts hands to createJobs. */
import type { AppServices } from '../app'
import type { Config } from '../config/env'
import type { JobDefinition } from './define-job'
import type { Jobs } from './jobs'
import { gameSessionPruningJob } from './game-session-pruning'
import { vendorTransactionPruningJob } from './vendor-transaction-pruning'
import { pushDeliverJob, pushSweepJob } from './push-delivery'
import { sessionPruningJob } from './session-pruning'
import { withdrawalAutoReceiveJob } from './withdrawal-auto-receive'
import { lotteryCatchUpJob, lotteryDrawJob } from './lottery-draws'

export function platformJobs(
  services: Pick<
    AppServices,
    'funds' | 'sessions' | 'push' | 'gameSessions' | 'vendorTransactions' | 'vendorJobs' | 'lottery'
  >,
  config: Pick<Config, 'AUTO_RECEIVE_INTERVAL_SECONDS' | 'PUSH_SWEEP_SECONDS' | 'VENDOR_TX_RETENTION_DAYS'>,
  /** The queue these jobs run on (push jobs queue deliveries on it). */
  jobs: () => Jobs,
): JobDefinition[] {
  return [
    withdrawalAutoReceiveJob(services.funds, config.AUTO_RECEIVE_INTERVAL_SECONDS),
    sessionPruningJob(services.sessions),
    gameSessionPruningJob(services.gameSessions),
    vendorTransactionPruningJob(services.vendorTransactions, config.VENDOR_TX_RETENTION_DAYS),
    pushSweepJob(services.push, jobs, config.PUSH_SWEEP_SECONDS),
    pushDeliverJob(services.push, jobs),
    lotteryDrawJob(services.lottery),
    lotteryCatchUpJob(services.lottery),
    ...services.vendorJobs,
  ]
}
