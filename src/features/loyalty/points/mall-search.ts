/**
 * The point mall's address (decision 030 section 7): the tab, and the sheet open over it as a
 * search param (`reward=<id>`, `convert=1`), so the phone's Back closes a sheet it opened.
 */
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'

export const pointTabs = ['overview', 'rewards', 'history', 'details'] as const
export type PointTab = (typeof pointTabs)[number]

export interface PointMallSearch {
  tab?: Exclude<PointTab, 'overview'>
  reward?: number
  convert?: 1
}

/**
 * The `tab` search param: a tab other than the overview, or nothing (the overview, so
 * /pointMall itself is the page's one address and is served as it is, without a redirect).
 */
export function parsePointTab(value: unknown): Exclude<PointTab, 'overview'> | undefined {
  return pointTabs.find((t): t is Exclude<PointTab, 'overview'> => t === value && t !== 'overview')
}

export function validatePointMallSearch(s: Record<string, unknown>): PointMallSearch {
  const reward = Number(s.reward)
  return {
    tab: parsePointTab(s.tab),
    reward: Number.isInteger(reward) && reward > 0 ? reward : undefined,
    convert: s.convert === 1 || s.convert === '1' ? 1 : undefined,
  }
}

/** Whether the open sheet was opened in this tab's history: then closing it is Back. */
let openedHere = false

/** Opens and closes the mall's sheets through the address. */
export function useMallSheets() {
  const navigate = useNavigate()
  const router = useRouter()
  const open = useCallback(
    (sheet: { reward: number } | { convert: 1 }) => {
      openedHere = true
      void navigate({ to: '/pointMall', search: (prev: PointMallSearch) => ({ tab: prev.tab, ...sheet }) })
    },
    [navigate],
  )
  const close = useCallback(() => {
    if (openedHere) {
      openedHere = false
      router.history.back()
      return
    }
    void navigate({
      to: '/pointMall',
      search: (prev: PointMallSearch) => ({ tab: prev.tab }),
      replace: true,
    })
  }, [navigate, router])
  return { open, close }
}
