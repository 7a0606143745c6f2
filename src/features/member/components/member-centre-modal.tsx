/**
 * The member centre: a menu of the pages the features registered (src/lib/popup-registry.ts)
 * and the chosen page, whose name is in the URL (`?popup=memberCentre&centre=depositv2`).
 * On a phone it opens on the menu as a list and a page has a control back to it; on a
 * desktop the menu sits beside the page and the first page shows when none is chosen. It is
 * not closed by a click on the background (spec section 9). A page without content shows
 * the empty state.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Suspense } from 'react'
import { isFlagEnabled } from '#contract/system'
import { CentreLayout } from '../../../components/layout/centre-layout'
import { EmptyState } from '../../../components/ui/empty-state'
import { Modal } from '../../../components/ui/modal'
import { QuietBoundary } from '../../../components/ui/quiet-boundary'
import { Skeleton } from '../../../components/ui/skeleton'
import { phoneQuery, useMediaQuery } from '../../../hooks/use-media-query'
import { setMemberCentrePage, useModals } from '../../../lib/modal-store'
import {
  memberCentrePages,
  memberCentreSummary,
  type MemberCentrePage,
  type PopupProps,
} from '../../../lib/popup-registry'
import { useSession } from '../../../lib/session'
import { statusQueryOptions } from '../../../lib/status-query'

export function MemberCentrePopup({ onClose }: PopupProps) {
  const { t, i18n } = useLingui()
  const { page } = useModals()
  const phone = useMediaQuery(phoneQuery)
  const whitelabel = useQuery(statusQueryOptions()).data?.info.whitelabel
  const { member } = useSession()
  // A page the brand switched off, or one not for this member (transfer to upline without an
  // upline), is not offered (nor opened by its link).
  const pages = memberCentrePages().filter(
    (p) =>
      (p.flag === undefined || (whitelabel !== undefined && isFlagEnabled(whitelabel, p.flag))) &&
      (p.forMember === undefined || (member !== null && p.forMember(member))),
  )
  // A sub-page (one with a parent) opens from its hub, not from the menu.
  const menu = pages.filter((p) => p.parent === undefined)
  const asked = pages.some((p) => p.page === page) ? page : undefined
  const current = asked ?? (phone ? undefined : menu[0]?.page)
  const entry = pages.find((p) => p.page === current)
  const parent = entry?.parent
  const labelOf = (p: MemberCentrePage) => {
    const label = pages.find((e) => e.page === p)?.label
    return label ? i18n._(label) : p
  }
  const go = (p: MemberCentrePage) => setMemberCentrePage(p)
  const open = (p: MemberCentrePage) => setMemberCentrePage(p, { push: true })
  const parentName = parent ? labelOf(parent) : ''
  const back = parent
    ? { label: t`Back to ${parentName}`, onBack: () => setMemberCentrePage(parent, { back: true }), up: true }
    : phone
      ? { label: t`Back to menu`, onBack: () => setMemberCentrePage(undefined) }
      : undefined
  return (
    <Modal
      open
      onClose={onClose}
      title={t`Member centre`}
      closeLabel={t`Close`}
      size="full"
      closeOnBackdrop={false}
    >
      <CentreLayout
        menuLabel={t`Member centre menu`}
        pages={menu.map((p) => p.page)}
        current={current}
        marked={parent}
        // From the phone's list a page is a step of its own: Back returns to the list.
        onSelect={(p) => setMemberCentrePage(p, { push: phone && page === undefined })}
        label={labelOf}
        badge={(p) => {
          const Badge = pages.find((e) => e.page === p)?.badge
          return Badge ? <Badge /> : null
        }}
        back={back}
        menuHeader={memberCentreSummary().map((Card, i) => (
          // A card's box keeps its place while its chunk loads; a card that cannot load is left out.
          <QuietBoundary key={i}>
            <Suspense fallback={<div className="centre-card-placeholder" />}>
              <Card go={(p) => setMemberCentrePage(p, { push: phone && page === undefined })} open={open} />
            </Suspense>
          </QuietBoundary>
        ))}
      >
        {entry && entry.parts.length > 0 ? (
          entry.parts.map((Part, i) => (
            // Each part shows as soon as its own chunk is in.
            <Suspense key={`${entry.page}-${i}`} fallback={<Skeleton lines={4} label={t`Loading`} />}>
              <Part go={go} open={open} />
            </Suspense>
          ))
        ) : (
          <EmptyState title={<Trans>Nothing to show here yet.</Trans>} />
        )}
      </CentreLayout>
    </Modal>
  )
}
