/**
 * The open popups, as the URL names them (src/lib/modal-store.ts), mounted at the root in
 * their stacking order. Each popup's code loads when it first opens. A member-only popup
 * shows login to a visitor (a deep link included: the popup follows once signed in) and the
 * real-account notice to a trial account; an agent-only one shows nothing to a non-agent.
 */
import { useRouter } from '@tanstack/react-router'
import { Suspense, useEffect, type ComponentType } from 'react'
import { adoptDeepLink, bindRouter, closeModal, useModals } from '../../lib/modal-store'
import { popupEntry, type PopupProps } from '../../lib/popup-registry'
import { isAgentType, isGuestType, useSession } from '../../lib/session'

interface Shown {
  key: string
  Component: ComponentType<PopupProps>
  onClose: () => void
}

export function ModalHost() {
  bindRouter(useRouter())
  useEffect(adoptDeepLink, [])
  const { stack } = useModals()
  const s = useSession()
  const shown: Shown[] = []
  const add = (key: string, name: string, onClose: () => void) => {
    const entry = popupEntry(name)
    if (entry && !shown.some((x) => x.key === key)) shown.push({ key, Component: entry.Component, onClose })
  }
  for (const name of stack) {
    const entry = popupEntry(name)
    if (!entry) continue
    // Closing what stands in for a guarded popup closes the popup the link asked for.
    const close = () => closeModal(name)
    if (entry.guard && !s.token) add('login', 'login', close)
    else if (entry.guard && isGuestType(s.member?.type)) add('needRealAccount', 'needRealAccount', close)
    else if (entry.guard === 'agent' && s.member && !isAgentType(s.member.type)) continue
    else add(name, name, close)
  }
  return (
    <>
      {shown.map(({ key, Component, onClose }) => (
        <Suspense key={key} fallback={null}>
          <Component onClose={onClose} />
        </Suspense>
      ))}
    </>
  )
}
