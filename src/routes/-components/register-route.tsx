import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { openModal, useModals } from '../../lib/modal-store'
import { HomePage } from './home-page'

/**
 * /register and /register.html: home with the register popup over it (it reads the
 * route's ?referralCode=); closing it goes home.
 */
export function RegisterRoute() {
  const navigate = useNavigate()
  const registerOpen = useModals().stack.includes('register')
  const wasOpen = useRef(false)
  useEffect(() => {
    openModal('register', { replace: true })
  }, [])
  useEffect(() => {
    if (registerOpen) wasOpen.current = true
    else if (wasOpen.current) void navigate({ to: '/index', replace: true })
  }, [registerOpen, navigate])
  return <HomePage />
}
