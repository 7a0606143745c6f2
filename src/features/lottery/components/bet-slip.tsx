/**
 * The bet slip: pick a bet type, build selections (the position digit grid, the sum's
 * Big/Small, Odd/Even or exact value, or Vietnamese numbers), set the stake per unit, add lines, and place them all
 * on the issue the slip is for. The slip never slides to the next issue by itself: when its
 * issue closes it offers to move the lines. Every refusal is said in words, on the line it
 * concerns when the server names one.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ReactNode } from 'react'
import {
  IssueClosedValueSchema,
  PayoutOverLimitValueSchema,
  SelectionInvalidValueSchema,
  StakeOutOfRangeValueSchema,
  type GameSetting,
  type Issue,
  type LotteryBetType,
  type Order,
  d5BetTypes,
} from '#contract/lottery'
import { formatMinor, formatMoney, showMoney, type Currency } from '#contract/money'
import { NeedsNetwork } from '../../../components/ui/needs-network'
import { ApiError } from '../../../lib/api-client'
import { errorText } from '../../../lib/error-messages'
import { openProtected } from '../../../lib/guards'
import { openModal } from '../../../lib/modal-store'
import { isGuestType, useSession } from '../../../lib/session'
import { usePlaceBet } from '../api/place-bet'
import { betTypeHints, betTypeNames } from '../labels'
import {
  betTypesOf,
  maxPerLine,
  numberLength,
  positionLines,
  stakeOverPayout,
  stakeProblem,
  toWire,
  validNumber,
  type SlipLine,
} from '../slip'
import { DigitGrid, NumberPicker, PickButtons, SumGrid, type Pick } from './slip-pickers'
import { SlipLines } from './slip-lines'

export function BetSlip({
  setting,
  issue,
  currency,
  online,
  playType,
  onMoved,
}: {
  setting: GameSetting
  issue: Issue | null
  currency: Currency
  online: boolean
  playType: string | undefined
  /** The slip moved to another issue: the countdown asks the server again. */
  onMoved: () => void
}) {
  const { t, i18n } = useLingui()
  const { token, member } = useSession()
  const offered = setting.betTypes.filter((b) => betTypesOf(setting.game.kind).includes(b.betType))
  const initialType = offered.find((b) => b.betType === playType)?.betType ?? offered[0]?.betType
  const [betType, setBetType] = useState<LotteryBetType | undefined>(initialType)
  const typeSetting = offered.find((b) => b.betType === betType)
  const [grid, setGrid] = useState<Map<number, Set<number>>>(() => new Map())
  const [picks, setPicks] = useState<Set<Pick>>(() => new Set())
  const [pickedSums, setPickedSums] = useState<Set<number>>(() => new Set())
  const [numbers, setNumbers] = useState<string[]>([])
  const [typed, setTyped] = useState('')
  const [typedError, setTypedError] = useState<string | null>(null)
  const [stake, setStake] = useState(() => (offered[0] ? formatMoney(offered[0].minStake, currency) : ''))
  const [stakeTouched, setStakeTouched] = useState(false)
  const [lines, setLines] = useState<SlipLine[]>([])
  const [slipNumero, setSlipNumero] = useState<string | null>(null)
  const [placed, setPlaced] = useState<Order | null>(null)
  const ids = { stake: useId(), stakeError: useId(), offline: useId(), typed: useId(), typedError: useId() }
  const place = usePlaceBet({
    mutationConfig: {
      onSuccess: (order) => {
        setPlaced(order)
        setLines([])
        setSlipNumero(null)
      },
    },
  })

  const guest = token !== null && isGuestType(member?.type)
  const forNumero = lines.length ? slipNumero : (issue?.numero ?? null)
  // Issue numbers of a game sort as text in draw order: the slip's issue is closed once the
  // open one is later (the server may already have opened a later one than this page knows).
  const slipClosed = lines.length > 0 && issue !== null && slipNumero !== null && slipNumero < issue.numero
  const problem = stakeProblem(stake, typeSetting, currency)
  const maxPayout = showMoney(setting.maxPayout, currency)
  // The picks as lines at this stake: none may be able to win more than one bet may.
  const overPayout =
    typeSetting && !problem ? stakeOverPayout(pendingLines(), typeSetting, setting.maxPayout, currency) : null
  const stakeMessage =
    problem === 'invalid'
      ? currency.decimals === 0
        ? t`Enter a whole amount above zero.`
        : t`Enter an amount above zero with at most ${currency.decimals} decimals.`
      : problem && typeSetting
        ? t`Stake per unit from ${showMoney(typeSetting.minStake, currency)} to ${showMoney(typeSetting.maxStake, currency)}.`
        : overPayout !== null
          ? t`One bet wins at most ${maxPayout}: stake at most ${currency.symbol}${formatMinor(overPayout, currency)} per unit on this pick.`
          : null
  const showStakeError = stakeTouched && stakeMessage !== null

  const err = place.error
  const code = err instanceof ApiError ? err.errorCode : null
  const badLine = (() => {
    if (!(err instanceof ApiError)) return null
    if (code === 'lottery_selection_invalid')
      return SelectionInvalidValueSchema.safeParse(err.value).data ?? null
    if (code === 'lottery_stake_out_of_range')
      return StakeOutOfRangeValueSchema.safeParse(err.value).data ?? null
    if (code === 'lottery_payout_over_limit')
      return PayoutOverLimitValueSchema.safeParse(err.value).data ?? null
    return null
  })()
  const closedNow =
    code === 'lottery_issue_closed' && err instanceof ApiError
      ? (IssueClosedValueSchema.safeParse(err.value).data?.current ?? null)
      : null

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

  function chooseType(next: LotteryBetType) {
    setBetType(next)
    clearSelection()
    const s = offered.find((b) => b.betType === next)
    if (s && stakeProblem(stake, s, currency)) setStake(formatMoney(s.minStake, currency))
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

  /** The current picks as slip lines at the stake typed. */
  function pendingLines(): SlipLine[] {
    if (!betType) return []
    if (betType === 'POS_DIGIT') return positionLines(grid, stake)
    if (betType === 'BIG_SMALL' || betType === 'ODD_EVEN')
      return [...picks].map((pick) => ({ betType, pick, stake }))
    if (betType === 'SUM_EXACT')
      return [...pickedSums].sort((a, b) => a - b).map((sum) => ({ betType, sum, stake }))
    return numbers.length ? [{ betType, numbers: [...numbers].sort(), stake }] : []
  }

  function addLines() {
    setStakeTouched(true)
    if (!betType || stakeMessage || selectionUnits === 0 || !issue) return
    const made = pendingLines()
    if (lines.length === 0) setSlipNumero(issue.numero)
    setLines((l) => [...l, ...made].slice(0, setting.maxLines))
    setPlaced(null)
    place.reset()
    clearSelection()
  }

  function removeLine(i: number) {
    setLines((l) => l.filter((_, j) => j !== i))
    place.reset()
  }

  function moveTo(numero: string) {
    setSlipNumero(numero)
    place.reset()
    onMoved()
  }

  function submit() {
    if (!token) {
      openModal('login')
      return
    }
    if (guest) {
      openModal('needRealAccount')
      return
    }
    if (!forNumero || lines.length === 0) return
    place.mutate({
      lottoGameCode: setting.game.lottoGameCode,
      numero: forNumero,
      bets: lines.map((l) => toWire(l, currency)),
    })
  }

  const full = lines.length >= setting.maxLines

  return (
    <section className="lott-slip card" aria-labelledby="slip-title">
      <h2 id="slip-title" className="lott-section-title">
        <Trans>Bet slip</Trans>
      </h2>
      <div className="lott-bettypes" role="group" aria-label={t`Bet type`}>
        {offered.map((b) => (
          <button
            key={b.betType}
            type="button"
            className="lott-bettype"
            aria-pressed={betType === b.betType}
            onClick={() => chooseType(b.betType)}
          >
            <span>{i18n._(betTypeNames[b.betType])}</span>
            <span className="lott-odds">
              ×{b.odds}
              {b.oddsBySum ? '+' : null}
            </span>
          </button>
        ))}
      </div>
      {betType && typeSetting ? (
        <p className="lott-hint">
          {i18n._(betTypeHints[betType])}{' '}
          {typeSetting.oddsBySum ? (
            <Trans>
              Each sum pays the odds shown on it × stake. Stake per unit{' '}
              {showMoney(typeSetting.minStake, currency)}–{showMoney(typeSetting.maxStake, currency)}.
            </Trans>
          ) : (
            <Trans>
              Pays {typeSetting.odds} × stake per hit. Stake per unit{' '}
              {showMoney(typeSetting.minStake, currency)}–{showMoney(typeSetting.maxStake, currency)}.
            </Trans>
          )}{' '}
          <Trans>One bet wins at most {maxPayout}.</Trans>
        </p>
      ) : null}

      {betType === 'POS_DIGIT' ? <DigitGrid grid={grid} onToggle={toggleDigit} /> : null}

      {betType === 'BIG_SMALL' || betType === 'ODD_EVEN' ? (
        <PickButtons betType={betType} picks={picks} onToggle={togglePick} />
      ) : null}

      {betType === 'SUM_EXACT' ? (
        <SumGrid picked={pickedSums} oddsBySum={typeSetting?.oddsBySum ?? []} onToggle={toggleSum} />
      ) : null}

      {betType && !(d5BetTypes as readonly string[]).includes(betType) ? (
        <NumberPicker
          betType={betType}
          numbers={numbers}
          typed={typed}
          typedError={typedError}
          typedId={ids.typed}
          typedErrorId={ids.typedError}
          onTyped={setTyped}
          onAdd={addTyped}
          onToggle={toggleNumber}
        />
      ) : null}

      <div className="lott-stake-row">
        <label htmlFor={ids.stake}>
          <Trans>Stake per unit ({currency.symbol})</Trans>
        </label>
        <input
          id={ids.stake}
          inputMode={currency.decimals === 0 ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={stake}
          aria-invalid={showStakeError || undefined}
          aria-describedby={showStakeError ? ids.stakeError : undefined}
          onChange={(e) => setStake(e.target.value)}
          onBlur={() => setStakeTouched(true)}
        />
        <button
          type="button"
          className="button button-primary lott-add"
          disabled={selectionUnits === 0 || full || !issue}
          onClick={addLines}
        >
          {selectionUnits > 0 ? <Trans>Add {selectionUnits} to slip</Trans> : <Trans>Add to slip</Trans>}
        </button>
      </div>
      {showStakeError ? (
        <p id={ids.stakeError} className="form-error" role="alert">
          {stakeMessage}
        </p>
      ) : null}
      {full ? (
        <p className="field-hint">
          <Trans>The slip holds at most {setting.maxLines} lines.</Trans>
        </p>
      ) : null}

      <SlipLines
        lines={lines}
        offered={offered}
        currency={currency}
        forNumero={forNumero}
        badLine={badLine}
        onRemove={removeLine}
      />

      {slipClosed && issue ? (
        <Notice tone="warn">
          <Trans>Issue {slipNumero} has closed.</Trans>{' '}
          <button type="button" className="button" onClick={() => moveTo(issue.numero)}>
            <Trans>Move my bets to issue {issue.numero}</Trans>
          </button>
        </Notice>
      ) : null}

      {err ? (
        <Notice tone="error">
          {code === 'lottery_issue_closed' ? (
            <>
              <Trans>Betting on issue {forNumero} has closed.</Trans>{' '}
              {closedNow ? (
                <button type="button" className="button" onClick={() => moveTo(closedNow.numero)}>
                  <Trans>Move my bets to issue {closedNow.numero}</Trans>
                </button>
              ) : (
                <Trans>The next issue has not opened yet.</Trans>
              )}
            </>
          ) : code === 'insufficient_balance' ? (
            <>
              <Trans>Your balance is not enough for these bets.</Trans>{' '}
              <button
                type="button"
                className="button"
                onClick={() => openProtected('memberCentre', { page: 'depositv2' })}
              >
                <Trans>Deposit</Trans>
              </button>
            </>
          ) : code === 'in_need_true_account' ? (
            <Trans>Betting needs a real account. Trial accounts cannot place bets.</Trans>
          ) : (
            errorText(i18n, err)
          )}
        </Notice>
      ) : null}

      {placed ? (
        <Notice tone="ok">
          <Trans>
            Bets placed on issue {placed.numero}: {showMoney(placed.totalAmount, currency)}. Balance{' '}
            {showMoney(placed.balance, currency)}.
          </Trans>
        </Notice>
      ) : null}

      <div className="lott-place">
        {!token ? (
          <p className="field-hint">
            <Trans>Log in to place bets.</Trans>
          </p>
        ) : guest ? (
          <p className="field-hint">
            <Trans>Betting needs a real account. Trial accounts cannot place bets.</Trans>
          </p>
        ) : null}
        <NeedsNetwork id={ids.offline} online={online} />
        <button
          type="button"
          className="button button-primary lott-place-button"
          disabled={
            !online || (token !== null && !guest && (lines.length === 0 || slipClosed || place.isPending))
          }
          aria-describedby={online ? undefined : ids.offline}
          onClick={submit}
        >
          {!token ? (
            <Trans>Log in to bet</Trans>
          ) : place.isPending ? (
            <Trans>Placing…</Trans>
          ) : (
            <Trans>Place bets</Trans>
          )}
        </button>
      </div>
    </section>
  )
}

function Notice({ tone, children }: { tone: 'ok' | 'warn' | 'error'; children: ReactNode }) {
  return (
    <div className={`lott-notice lott-notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  )
}
