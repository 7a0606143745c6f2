import { createFileRoute } from '@tanstack/react-router'
import { LoginRoute } from '../-components/login-route'

export const Route = createFileRoute('/_main/login')({
  component: LoginRoute,
})
