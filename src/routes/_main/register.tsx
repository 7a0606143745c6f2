import { createFileRoute } from '@tanstack/react-router'
import { RegisterRoute } from '../-components/register-route'
import { safeCode } from '../-components/search'

export const Route = createFileRoute('/_main/register')({
  validateSearch: (s: Record<string, unknown>) => ({ referralCode: safeCode(s.referralCode) }),
  component: RegisterRoute,
})
