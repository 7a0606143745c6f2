import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../-components/home-page'

export const Route = createFileRoute('/_main/index')({
  // ?deposit=<order>: the payment gateway brought the member back after an online deposit.
  validateSearch: (s: Record<string, unknown>): { deposit?: string } => ({
    deposit: typeof s.deposit === 'string' && /^[A-Z0-9]{1,40}$/.test(s.deposit) ? s.deposit : undefined,
  }),
  component: HomePage,
})
