import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { openModal, useModals } from '../../lib/modal-store'
import { HomePage } from './home-page'

/**
 * /login: home with the login popup over it (in place of this entry, so closing it never
 * goes back to /login); once no popup is left, home.
 */
export function LoginRoute() {
  const navigate = useNavigate()
  const stack = useModals().stack
  const loginOpen = stack.includes('login')
  const wasOpen = useRef(false)
  useEffect(() => {
    openModal('login', { replace: true })
  }, [])
  useEffect(() => {
    if (loginOpen) wasOpen.current = true
    else if (wasOpen.current && stack.length === 0) void navigate({ to: '/index', replace: true })
  }, [loginOpen, stack.length, navigate])
  return <HomePage />
}
