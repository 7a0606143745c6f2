/**
 * The slip's selection before it becomes lines: the position digits, the Big/Small or
 * Odd/Even picks, the exact sums and the Vietnamese numbers (typed or tapped), for the bet
 * type chosen. The pickers (slip-pickers.tsx) show it; the slip turns it into lines.
 */
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { LotteryBetType } from '#contract/lottery'
import { maxPerLine, numberLength, positionLines, validNumber, type SlipLine } from '../slip'
import type { Pick } from './slip-pickers'

export function useSlipPicks(betType: LotteryBetType | undefined) {
  const { t } = useLingui()
  const [grid, setGrid] = useState<Map<number, Set<number>>>(() => new Map())
  const [picks, setPicks] = useState<Set<Pick>>(() => new Set())
  const [pickedSums, setPickedSums] = useState<Set<number>>(() => new Set())
  const [numbers, setNumbers] = useState<string[]>([])
  const [typed, setTyped] = useState('')
  const [typedError, setTypedError] = useState<string | null>(null)

  const selectionUnits = (() => {
    if (betType === 'POS_DIGIT') return [...grid.values()].reduce((n, s) => n + s.size, 0)
    if (betType === 'BIG_SMALL' || betType === 'ODD_EVEN') return picks.size
    if (betType === 'SUM_EXACT') return pickedSums.size
    return numbers.length
  })()

  function clearSelection() {
    setGrid(new Map())
    setPicks(new Set())
    setPickedSums(new Set())
    setNumbers([])
    setTyped('')
    setTypedError(null)
  }

  function toggleDigit(position: number, digit: number) {
    setGrid((g) => {
      const next = new Map(g)
      const set = new Set(next.get(position) ?? [])
      if (set.has(digit)) set.delete(digit)
      else set.add(digit)
      next.set(position, set)
      return next
    })
  }

  function togglePick(p: Pick) {
    setPicks((s) => {
      const next = new Set(s)
      if (next.has(p)) next.delete(p)
      else next.add(p)
      return next
    })
  }

  function toggleSum(sum: number) {
    setPickedSums((s) => {
      const next = new Set(s)
      if (next.has(sum)) next.delete(sum)
      else next.add(sum)
      return next
    })
  }

  function toggleNumber(n: string) {
    setTypedError(null)
    setNumbers((list) => {
      if (list.includes(n)) return list.filter((x) => x !== n)
      if (list.length >= maxPerLine) {
        setTypedError(t`One line takes at most ${maxPerLine} numbers.`)
        return list
      }
      return [...list, n]
    })
  }

  function addTyped() {
    if (!betType) return
    const raw = typed.trim()
    const len = numberLength(betType)
    if (!validNumber(raw, betType)) {
      setTypedError(len === 2 ? t`Type two digits, 00 to 99.` : t`Type three digits, 000 to 999.`)
      return
    }
    if (numbers.includes(raw)) {
      setTypedError(t`${raw} is already picked.`)
      return
    }
    toggleNumber(raw)
    setTyped('')
  }

  /** The current picks as slip lines at the given stake. */
  function pendingLines(stake: string): SlipLine[] {
    if (!betType) return []
    if (betType === 'POS_DIGIT') return positionLines(grid, stake)
    if (betType === 'BIG_SMALL' || betType === 'ODD_EVEN')
      return [...picks].map((pick) => ({ betType, pick, stake }))
    if (betType === 'SUM_EXACT')
      return [...pickedSums].sort((a, b) => a - b).map((sum) => ({ betType, sum, stake }))
    return numbers.length ? [{ betType, numbers: [...numbers].sort(), stake }] : []
  }

  return {
    grid,
    picks,
    pickedSums,
    numbers,
    typed,
    typedError,
    setTyped,
    selectionUnits,
    clearSelection,
    toggleDigit,
    togglePick,
    toggleSum,
    toggleNumber,
    addTyped,
    pendingLines,
  }
}
