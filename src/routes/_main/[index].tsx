import { createFileRoute } from '@tanstack/react-router'
import { depositOrderPattern } from '#contract/wallet-values'
import { HomePage } from '../-components/home-page'

export const Route = createFileRoute('/_main/index')({
  // ?deposit=<order>: the payment gateway brought the member back after an online deposit.
  validateSearch: (s: Record<string, unknown>): { deposit?: string } => ({
    deposit: typeof s.deposit === 'string' && depositOrderPattern.test(s.deposit) ? s.deposit : undefined,
  }),
  component: HomePage,
})
