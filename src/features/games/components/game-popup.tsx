/**
 * A vendor's game list in a popup (spec section 4: a game whose isGame is VASSALAGE is a
 * vendor entry). Its tiles launch like a lobby's; the vendor is in the URL (`&vendor=`).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Modal } from '../../../components/ui/modal'
import { statusQueryOptions } from '../../../lib/status-query'
import { pickCdn } from '../../../utils/cdn'
import { gameListInfiniteOptions } from '../api/get-game-list'
import { vendorsQueryOptions } from '../api/get-vendors'
import { GameGrid } from './game-grid'
import './games-page.css'

export function GamePopup({
  open,
  vendor,
  onClose,
}: {
  open: boolean
  vendor: string | undefined
  onClose: () => void
}) {
  const { t } = useLingui()
  const lanes = useQuery(vendorsQueryOptions())
  const status = useQuery(statusQueryOptions())
  const card = lanes.data?.data.lanes.flatMap((l) => l.cards).find((c) => c.vassalage === vendor)
  const name = card?.displayName ?? vendor
  const query = useInfiniteQuery({ ...gameListInfiniteOptions({ vassalage: vendor }), enabled: !!vendor })
  return (
    <Modal open={open} onClose={onClose} title={name ?? t`Games`} closeLabel={t`Close`} size="large">
      {vendor ? (
        <GameGrid
          query={query}
          imageHost={pickCdn(status.data?.info.imageCDNs ?? [])}
          label={t`${name} games`}
          empty={<Trans>This provider has no games to show right now.</Trans>}
          keep={(g) => g.isGame === 'GAME'}
        />
      ) : (
        <p>
          <Trans>This provider's games are not listed here yet.</Trans>
        </p>
      )}
    </Modal>
  )
}
