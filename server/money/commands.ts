/**
 * The money area's operator commands: the funds (deposits, withdrawals, adjustments,
 * bonuses, reconciliation, the wallet mode), then payment methods and banks, then the
 * members' turnover requirements.
 */
import type { CommandSpec } from '../ops/commands'
import { fundsCommands } from './funds-commands'
import { paymentMethodCommands } from './payment-method-commands'
import { turnoverCommands } from './turnover-commands'

export const moneyCommands: Record<string, CommandSpec> = {
  ...fundsCommands,
  ...paymentMethodCommands,
  ...turnoverCommands,
}
