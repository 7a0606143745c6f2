/**
 * What the open app does with the live channel (src/lib/live.ts): the header balance, the
 * money records, the bell's count, the inbox, the lottery bets and the announcements
 * refresh by themselves within a moment of the change, and a toast says what happened.
 * A notice that also came as a push is shown once (src/lib/notice-seen.ts).
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { LiveEvent } from '#contract/live'
import { formatMoney } from '#contract/money'
import { brandQueryOptions } from '../../../lib/brand-query'
import { connectLive } from '../../../lib/live'
import { memberKey, moneyRootKey } from '../../../lib/member-keys'
import { firstSight } from '../../../lib/notice-seen'
import { useSession } from '../../../lib/session'
import { showToast } from '../../../lib/toast-store'
import { inboxKey, invalidateInbox } from '../api/inbox'

/** Events that come in a burst (a spin, a settlement's postings) refresh once. */
const settleMs = 120

function batched(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  return () => {
    if (timer) return
    timer = setTimeout(() => {
      timer = null
      run()
    }, settleMs)
  }
}

export function LiveListener() {
  const queryClient = useQueryClient()
  const { token, member } = useSession()
  const { i18n } = useLingui()
  // A trial account's stream carries its play money's balance and lottery settlements.
  const signedIn = token !== null && member !== null && member !== undefined
  const lingui = useRef(i18n)
  useEffect(() => {
    lingui.current = i18n
  }, [i18n])

  useEffect(() => {
    if (!signedIn || token === null) return
    const money = batched(() => void queryClient.invalidateQueries({ queryKey: moneyRootKey }))
    const lotteryBets = batched(
      () => void queryClient.invalidateQueries({ queryKey: [...memberKey, 'lottery'] }),
    )
    const stop = connectLive({
      onEvent: (event) => {
        handle(event, { queryClient, token, money, lotteryBets, i18n: lingui.current })
      },
    })
    return stop
  }, [signedIn, token, queryClient])

  return null
}

interface Context {
  queryClient: QueryClient
  token: string
  money: () => void
  lotteryBets: () => void
  i18n: I18n
}

function handle(event: LiveEvent, c: Context): void {
  switch (event.type) {
    case 'balance':
      c.money()
      return
    case 'notice': {
      c.money()
      c.queryClient.setQueryData(inboxKey(c.token, 'unread'), { unread: event.notice.unreadCount })
      void invalidateInbox(c.queryClient)
      if (firstSight(`fund-${event.id}`)) {
        const tone = event.notice.type.endsWith('rejected') || event.notice.type.endsWith('failed')
        showToast(`${event.notice.title}: ${event.notice.body}`, tone ? 'error' : 'success', 8000)
      }
      return
    }
    case 'inbox':
      c.queryClient.setQueryData(inboxKey(c.token, 'unread'), { unread: event.unread })
      void invalidateInbox(c.queryClient)
      return
    case 'lottery': {
      c.lotteryBets()
      c.money()
      const brand = c.queryClient.getQueryData(brandQueryOptions().queryKey)
      const amount = brand
        ? `${brand.currencySymbol}${formatMoney(event.payout, { decimals: brand.currencyDecimals })}`
        : event.payout
      const { settled, won } = event
      if (won > 0)
        showToast(c.i18n._(msg`Lottery: ${won} of ${settled} bets won, ${amount} paid`), 'success', 8000)
      else if (event.payout !== '0' && !/^0(\.0+)?$/.test(event.payout)) {
        showToast(c.i18n._(msg`Lottery: ${settled} bets settled, ${amount} returned`), 'info', 6000)
      } else showToast(c.i18n._(msg`Lottery: ${settled} bets settled, no win this time`), 'info', 6000)
      return
    }
    case 'announcement':
      void c.queryClient.invalidateQueries({ queryKey: ['content'] })
      return
    case 'reset':
      // Missed more than the server keeps: everything shown is read again.
      void c.queryClient.invalidateQueries()
      return
    case 'end':
      // The session ended elsewhere: the next read learns it and signs the tab out.
      void c.queryClient.invalidateQueries({ queryKey: memberKey })
      return
    case 'ready':
      return
  }
}
