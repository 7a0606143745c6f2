import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { dateTimeFormat } from '../../../lib/date-format'
import type { PopupProps } from '../../../lib/popup-registry'
import { sanitizeHtml } from '../../../lib/sanitize'
import { useBrandZone } from '../../../lib/use-brand-dates'
import { yieldToMain } from '../../../utils/idle'
import { popupNoticesQueryOptions } from '../api/get-announcements'
import { NoticePopup, noticeDateStyle } from './notice-popup'

/**
 * The notice popup with the popup notices of the current language.
 *
 * It opens by itself on the home page once the first screen has settled, so its work is
 * split into tasks a phone finishes quickly: this module's evaluation, then the language's
 * first date format (the browser loads its locale data the first time, about 50 ms on a
 * mid-range phone), then the first notice's HTML sanitized (the sanitizer's first run sets
 * itself up), then the dialog itself.
 */
export function NoticePopupHost({ onClose }: PopupProps) {
  const { i18n } = useLingui()
  const notices = useQuery(popupNoticesQueryOptions(i18n.locale))
  const zone = useBrandZone()
  const [ready, setReady] = useState(false)
  const firstHtml = notices.data?.[0]?.content
  useEffect(() => {
    let live = true
    void (async () => {
      await yieldToMain()
      if (!live) return
      dateTimeFormat(i18n.locale, noticeDateStyle, zone).format(0)
      await yieldToMain()
      if (!live) return
      if (firstHtml !== undefined) sanitizeHtml(firstHtml)
      await yieldToMain()
      if (live) setReady(true)
    })()
    return () => {
      live = false
    }
  }, [i18n, firstHtml, zone])
  if (!ready) return null
  // Opened by a link or the notice line before its notices came: it opens at once, with a
  // skeleton while they load, or says they need a connection when they cannot come.
  const state =
    notices.data !== undefined || notices.isError
      ? undefined
      : notices.fetchStatus === 'paused'
        ? 'offline'
        : 'loading'
  return <NoticePopup open notices={notices.data ?? []} onClose={onClose} state={state} />
}
