/**
 * The funds endpoints, assembled from their flows: deposits, withdrawals (with their
 * confirmations), bank cards, the payment password and transfers to the upline.
 */
import { bankCardHandlers } from './bank-cards'
import { depositHandlers } from './deposits'
import { createFundsKit, type FundsDeps, type FundsHandlers } from './funds-kit'
import { paymentPasswordHandlers } from './payment-password'
import { uplineTransferHandlers } from './upline-transfer'
import { withdrawalHandlers } from './withdrawals'

export function fundsHandlers(deps: FundsDeps): FundsHandlers {
  const kit = createFundsKit(deps)
  return {
    ...depositHandlers(kit),
    ...withdrawalHandlers(kit),
    ...bankCardHandlers(kit),
    ...paymentPasswordHandlers(kit),
    ...uplineTransferHandlers(kit),
  }
}
