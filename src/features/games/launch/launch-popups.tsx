/**
 * What a refused launch offers (spec sections 4 and 8), as popups (Back and Escape close
 * them). Their content is the launch's refusal, kept in the launch store, not in the URL:
 * opened cold (a reload, a shared link) they have nothing to say and close.
 * - Maintenance: "game under maintenance", until when if known, and games of the same type
 *   from other vendors that are not under maintenance; each tile launches.
 * - Balance: with nothing to play with, a deposit; on a multi-wallet brand with money in the
 *   main wallet, moving it into the vendor's wallet and playing (the launch then confirms
 *   the transfer, confirmTrans=1), or a deposit.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { gameEndpoints, type Game, type GameType } from '#contract/games'
import { moneyToMinor, showMoney, type Currency } from '#contract/money'
import { mainAccountTypeId, walletEndpoints, type TransferRequest } from '#contract/wallet'
import { Modal } from '../../../components/ui/modal'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import { brandQueryOptions } from '../../../lib/brand-query'
import { errorText } from '../../../lib/error-messages'
import { openProtected } from '../../../lib/guards'
import { moneyRootKey } from '../../../lib/member-keys'
import { closeModal } from '../../../lib/modal-store'
import type { PopupProps } from '../../../lib/popup-registry'
import { statusQueryOptions } from '../../../lib/status-query'
import { useBrandDates } from '../../../lib/use-brand-dates'
import { pickCdn } from '../../../utils/cdn'
import { vendorsQueryOptions } from '../api/get-vendors'
import { GameTile, useOfflineHint } from '../components/game-tile'
import { useLaunchState, type BalanceProblem } from '../store'
import { LaunchPopupsStyles } from './launch-popups-styles'
import { useLaunchGame } from './use-launch-game'
import '../components/games-page.css'

/** How many games the maintenance popup suggests. */
const suggestionCount = 6

/** Hot games of the type first, then the type's list, without the vendor and without maintenance. */
async function suggestions(gameType: GameType, vassalage: string, signal: AbortSignal): Promise<Game[]> {
  const keep = (g: Game) => !g.maintenance && g.vassalage !== vassalage && g.isGame === 'GAME'
  const hot = await api.call(gameEndpoints.hotGames, { gameType, limit: 18 }, { signal })
  const picked = hot.list.filter(keep)
  if (picked.length < suggestionCount) {
    const more = await api.call(gameEndpoints.gameList, { gameType, pageNo: 1, pageSize: 30 }, { signal })
    for (const g of more.list) if (keep(g) && !picked.some((p) => p.gameId === g.gameId)) picked.push(g)
  }
  return picked.slice(0, suggestionCount)
}

/** Closes a popup opened with nothing to show. */
function useCloseWhenEmpty(empty: boolean, onClose: () => void): void {
  useEffect(() => {
    if (empty) onClose()
  }, [empty, onClose])
}

function useVendorName(vassalage: string, fallback: string): string {
  const lanes = useQuery(vendorsQueryOptions())
  const card = lanes.data?.data.lanes.flatMap((l) => l.cards).find((c) => c.vassalage === vassalage)
  return card?.displayName ?? fallback
}

export function MaintenancePopup({ onClose }: PopupProps) {
  const problem = useLaunchState().maintenance
  useCloseWhenEmpty(!problem, onClose)
  if (!problem) return null
  return (
    <MaintenanceDialog
      gameType={problem.gameType}
      vassalage={problem.vassalage}
      vendorFallback={problem.game.accountTypeName}
      maintainTime={problem.maintainTime}
      onClose={onClose}
    />
  )
}

function MaintenanceDialog({
  gameType,
  vassalage,
  vendorFallback,
  maintainTime,
  onClose,
}: {
  gameType: GameType
  vassalage: string
  vendorFallback: string
  maintainTime: number | null
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const { hint, hintId } = useOfflineHint()
  // On the brand's clock with its zone named, as every time the portal shows.
  const { dateTime } = useBrandDates()
  // When the popup opened: a maintenance that ended before then is not shown as ongoing.
  const [openedAt] = useState(Date.now)
  const vendor = useVendorName(vassalage, vendorFallback)
  const status = useQuery(statusQueryOptions())
  const imageHost = pickCdn(status.data?.info.imageCDNs ?? [])
  const games = useQuery({
    queryKey: ['launch', 'suggestions', gameType, vassalage],
    queryFn: ({ signal }) => suggestions(gameType, vassalage, signal),
  })
  const until = maintainTime !== null && maintainTime > openedAt ? dateTime(maintainTime) : null
  return (
    <Modal open onClose={onClose} title={t`Game under maintenance`} closeLabel={t`Close`} size="medium">
      <LaunchPopupsStyles />
      <p>
        {until ? (
          <Trans>
            {vendor} is under maintenance until {until}.
          </Trans>
        ) : (
          <Trans>{vendor} is under maintenance. Please try again later.</Trans>
        )}
      </p>
      <h3 className="launch-suggest-title">
        <Trans>Try one of these games instead</Trans>
      </h3>
      {games.isPending ? (
        <p role="status" aria-busy="true" className="muted">
          <Trans>Loading games…</Trans>
        </p>
      ) : games.data && games.data.length > 0 ? (
        <>
          {hint}
          <ul className="game-grid" aria-label={t`Suggested games`}>
            {games.data.map((g) => (
              <GameTile key={g.gameId} game={g} imageHost={imageHost} offlineHintId={hintId} />
            ))}
          </ul>
        </>
      ) : games.isError ? (
        <p className="muted">{errorText(i18n, games.error)}</p>
      ) : (
        <p className="muted">
          <Trans>No other games to suggest right now.</Trans>
        </p>
      )}
    </Modal>
  )
}

export function BalancePopup({ onClose }: PopupProps) {
  const problem = useLaunchState().balance
  useCloseWhenEmpty(!problem, onClose)
  const { data: brand } = useSuspenseQuery(brandQueryOptions())
  if (!problem) return null
  const currency: Currency = { symbol: brand.currencySymbol, decimals: brand.currencyDecimals }
  return <BalanceDialog game={problem.game} value={problem.value} currency={currency} onClose={onClose} />
}

/** The main wallet's money, when the member can move it into the vendor's wallet. */
function movable(value: BalanceProblem['value'], c: Currency) {
  if (!value || value.walletMode !== 'MULTI' || value.accountTypeId === mainAccountTypeId) return null
  try {
    return moneyToMinor(value.mainBalance, c) > 0n ? value.mainBalance : null
  } catch {
    return null
  }
}

function BalanceDialog({
  game,
  value,
  currency,
  onClose,
}: {
  game: Game
  value: BalanceProblem['value']
  currency: Currency
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const launch = useLaunchGame()
  const vendor = useVendorName(game.vassalage, game.accountTypeName)
  const amount = movable(value, currency)
  const transfer = useIdempotentMutation<TransferRequest, unknown>({
    call: (input, idempotencyKey) => api.call(walletEndpoints.transfer, input, { idempotencyKey }),
    invalidate: (queryClient) => queryClient.invalidateQueries({ queryKey: moneyRootKey }),
    mutationConfig: { onSuccess: () => launch(game, { confirmTrans: true }) },
  })
  const deposit = () => {
    closeModal('gameBalance')
    openProtected('memberCentre', { page: 'depositv2' })
  }
  const shown = amount ? showMoney(amount, currency) : null
  const vendorBalance = value ? showMoney(value.balance, currency) : ''
  const gameName = game.gameName
  return (
    <Modal
      open
      onClose={onClose}
      title={t`Balance not enough`}
      closeLabel={t`Close`}
      size="small"
      footer={
        <>
          <button
            type="button"
            className={amount ? 'button' : 'button button-primary'}
            onClick={deposit}
            data-autofocus={amount ? undefined : true}
          >
            <Trans>Deposit</Trans>
          </button>
          {amount && shown ? (
            <button
              type="button"
              className="button button-primary"
              disabled={transfer.isPending}
              data-autofocus
              onClick={() =>
                transfer.mutate({
                  fromAccountTypeId: mainAccountTypeId,
                  toAccountTypeId: value?.accountTypeId ?? game.accountTypeId,
                  amount,
                })
              }
            >
              {transfer.isPending ? (
                <Trans>Moving…</Trans>
              ) : (
                <Trans>
                  Move {shown} to {vendor} and play
                </Trans>
              )}
            </button>
          ) : null}
        </>
      }
    >
      <LaunchPopupsStyles />
      {amount && shown && value ? (
        <p>
          <Trans>
            Your {vendor} wallet has {vendorBalance}, not enough to play {gameName}. Your main wallet has{' '}
            {shown}.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>Your balance is not enough to play {gameName}. Make a deposit to play.</Trans>
        </p>
      )}
      {transfer.isError ? (
        <p role="alert" className="form-error">
          {errorText(i18n, transfer.error)}
        </p>
      ) : null}
    </Modal>
  )
}
