import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { PopupProps } from '../../../lib/popup-registry'
import { announcementsQueryOptions } from '../api/get-announcements'
import { NoticePopup } from './notice-popup'

/** The notice popup with the popup notices of the current language. */
export function NoticePopupHost({ onClose }: PopupProps) {
  const { i18n } = useLingui()
  const notices = useQuery(announcementsQueryOptions(i18n.locale))
  return <NoticePopup open notices={notices.data?.popup ?? []} onClose={onClose} />
}
