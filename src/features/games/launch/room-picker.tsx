/**
 * A PVP game's rooms (GLS2_roomList), picked before the game starts: each room with its
 * bet range and how full it is; picking one launches the game in it (roomId). Like the
 * other launch popups its game is the launch's, kept in the launch store: opened cold it
 * has nothing to show and closes.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Game } from '#contract/games'
import { showMoney, type Currency } from '#contract/money'
import { Modal } from '../../../components/ui/modal'
import { NeedsNetwork } from '../../../components/ui/needs-network'
import { brandQueryOptions } from '../../../lib/brand-query'
import { errorText } from '../../../lib/error-messages'
import { useOnline } from '../../../lib/network'
import type { PopupProps } from '../../../lib/popup-registry'
import { roomsQueryOptions } from '../api/get-rooms'
import { useLaunchState } from '../store'
import { LaunchPopupsStyles } from './launch-popups-styles'
import { useLaunchGame } from './use-launch-game'

export function RoomPickerPopup({ onClose }: PopupProps) {
  const game = useLaunchState().rooms
  useEffect(() => {
    if (!game) onClose()
  }, [game, onClose])
  if (!game) return null
  return <RoomPicker game={game as Game} onClose={onClose} />
}

function RoomPicker({ game, onClose }: { game: Game; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const launch = useLaunchGame()
  const online = useOnline()
  const { data: brand } = useSuspenseQuery(brandQueryOptions())
  const currency: Currency = { symbol: brand.currencySymbol, decimals: brand.currencyDecimals }
  const rooms = useQuery(roomsQueryOptions(game.gameId))
  const gameName = game.gameName
  return (
    <Modal open onClose={onClose} title={t`Pick a room: ${gameName}`} closeLabel={t`Close`} size="medium">
      <LaunchPopupsStyles />
      {rooms.isPending ? (
        <p role="status" aria-busy="true" className="muted">
          <Trans>Loading rooms…</Trans>
        </p>
      ) : rooms.isError ? (
        <p role="alert" className="form-error">
          {errorText(i18n, rooms.error)}
        </p>
      ) : rooms.data.list.length === 0 ? (
        <p className="muted">
          <Trans>No rooms are open right now.</Trans>
        </p>
      ) : (
        <>
          <NeedsNetwork id="rooms-need-network" online={online} />
          <ul className="room-list" aria-label={t`Rooms`}>
            {rooms.data.list.map((r) => {
              const min = showMoney(r.minBet, currency)
              const max = showMoney(r.maxBet, currency)
              const full = r.players >= r.seats
              return (
                <li key={r.roomId}>
                  <button
                    type="button"
                    className="room"
                    disabled={!online || full}
                    aria-describedby={online ? undefined : 'rooms-need-network'}
                    onClick={() => launch(game, { roomId: r.roomId })}
                  >
                    <span className="room-name">{r.roomName}</span>
                    <span className="room-bets">
                      <Trans>
                        Bets {min} – {max}
                      </Trans>
                    </span>
                    <span className="room-seats">
                      {full ? (
                        <Trans>Full</Trans>
                      ) : (
                        <Trans>
                          {r.players} of {r.seats} seats taken
                        </Trans>
                      )}
                    </span>
                  </button>
                </li>
              )
            })}
          </ul>
        </>
      )}
    </Modal>
  )
}
