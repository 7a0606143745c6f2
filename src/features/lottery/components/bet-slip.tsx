/**
 * The bet slip: pick a bet type, build selections (the position digit grid, the sum's
 * Big/Small, Odd/Even or exact value, or Vietnamese numbers), set the stake per unit, add lines, and place them all
 * on the issue the slip is for. The slip never slides to the next issue by itself: when its
 * issue closes it offers to move the lines. Every refusal is said in words, on the line it
 * concerns when the server names one.
 *
 * Its parts: the bet types (slip-bet-types.tsx), the pickers (slip-pickers.tsx) and the
 * selection they build (use-slip-picks.ts), the stake (slip-stake.tsx), the lines
 * (slip-lines.tsx), what it says after the member acts (slip-notices.tsx) and the place
 * button (slip-place.tsx).
 */
import { Trans } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { d5BetTypes, type GameSetting, type Issue, type LotteryBetType, type Order } from '#contract/lottery'
import { formatMoney, showMoney, type Currency } from '#contract/money'
import { openModal } from '../../../lib/modal-store'
import { isGuestType, useSession } from '../../../lib/session'
import { usePlaceBet } from '../api/place-bet'
import { betTypesOf, stakeProblem, toWire, type SlipLine } from '../slip'
import { SlipBetTypes } from './slip-bet-types'
import { SlipLines } from './slip-lines'
import { PlacedNotice, RefusedNotice, SlipClosedNotice, badLineOf } from './slip-notices'
import { DigitGrid, NumberPicker, PickButtons, SumGrid } from './slip-pickers'
import { SlipPlace } from './slip-place'
import { SlipStake, useStakeMessage } from './slip-stake'
import { useSlipPicks } from './use-slip-picks'

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
  const { token, member } = useSession()
  const offered = setting.betTypes.filter((b) => betTypesOf(setting.game.kind).includes(b.betType))
  const initialType = offered.find((b) => b.betType === playType)?.betType ?? offered[0]?.betType
  const [betType, setBetType] = useState<LotteryBetType | undefined>(initialType)
  const typeSetting = offered.find((b) => b.betType === betType)
  const selection = useSlipPicks(betType)
  const [stake, setStake] = useState(() => (offered[0] ? formatMoney(offered[0].minStake, currency) : ''))
  const [stakeTouched, setStakeTouched] = useState(false)
  const [lines, setLines] = useState<SlipLine[]>([])
  const [slipNumero, setSlipNumero] = useState<string | null>(null)
  const [placed, setPlaced] = useState<Order | null>(null)
  const ids = { typed: useId(), typedError: useId() }
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
  const stakeMessage = useStakeMessage({
    stake,
    typeSetting,
    setting,
    currency,
    pendingLines: () => selection.pendingLines(stake),
  })
  const showStakeError = stakeTouched && stakeMessage !== null
  const err = place.error
  const { selectionUnits } = selection

  function chooseType(next: LotteryBetType) {
    setBetType(next)
    selection.clearSelection()
    const s = offered.find((b) => b.betType === next)
    if (s && stakeProblem(stake, s, currency)) setStake(formatMoney(s.minStake, currency))
  }

  function addLines() {
    setStakeTouched(true)
    if (!betType || stakeMessage || selectionUnits === 0 || !issue) return
    const made = selection.pendingLines(stake)
    if (lines.length === 0) setSlipNumero(issue.numero)
    setLines((l) => [...l, ...made].slice(0, setting.maxLines))
    setPlaced(null)
    place.reset()
    selection.clearSelection()
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
    if (!forNumero || lines.length === 0) return
    place.mutate({
      lottoGameCode: setting.game.lottoGameCode,
      numero: forNumero,
      bets: lines.map((l) => toWire(l, currency)),
    })
  }

  return (
    <section className="lott-slip card" aria-labelledby="slip-title">
      <h2 id="slip-title" className="lott-section-title">
        <Trans>Bet slip</Trans>
      </h2>
      <SlipBetTypes
        offered={offered}
        betType={betType}
        typeSetting={typeSetting}
        currency={currency}
        maxPayout={showMoney(setting.maxPayout, currency)}
        onChoose={chooseType}
      />

      {betType === 'POS_DIGIT' ? <DigitGrid grid={selection.grid} onToggle={selection.toggleDigit} /> : null}

      {betType === 'BIG_SMALL' || betType === 'ODD_EVEN' ? (
        <PickButtons betType={betType} picks={selection.picks} onToggle={selection.togglePick} />
      ) : null}

      {betType === 'SUM_EXACT' ? (
        <SumGrid
          picked={selection.pickedSums}
          oddsBySum={typeSetting?.oddsBySum ?? []}
          onToggle={selection.toggleSum}
        />
      ) : null}

      {betType && !(d5BetTypes as readonly string[]).includes(betType) ? (
        <NumberPicker
          betType={betType}
          numbers={selection.numbers}
          typed={selection.typed}
          typedError={selection.typedError}
          typedId={ids.typed}
          typedErrorId={ids.typedError}
          onTyped={selection.setTyped}
          onAdd={selection.addTyped}
          onToggle={selection.toggleNumber}
        />
      ) : null}

      <SlipStake
        setting={setting}
        currency={currency}
        stake={stake}
        stakeMessage={stakeMessage}
        showStakeError={showStakeError}
        selectionUnits={selectionUnits}
        full={lines.length >= setting.maxLines}
        canAdd={issue !== null}
        onStake={setStake}
        onTouched={() => setStakeTouched(true)}
        onAdd={addLines}
      />

      <SlipLines
        lines={lines}
        offered={offered}
        currency={currency}
        forNumero={forNumero}
        badLine={badLineOf(err)}
        onRemove={removeLine}
      />

      {slipClosed && issue ? (
        <SlipClosedNotice slipNumero={slipNumero} issue={issue} onMove={moveTo} />
      ) : null}

      {err ? <RefusedNotice err={err} forNumero={forNumero} onMove={moveTo} /> : null}

      {placed ? <PlacedNotice placed={placed} currency={currency} /> : null}

      <SlipPlace
        signedIn={Boolean(token)}
        guest={guest}
        online={online}
        disabled={!online || (token !== null && (lines.length === 0 || slipClosed || place.isPending))}
        pending={place.isPending}
        onPlace={submit}
      />
    </section>
  )
}
