import { Trans, useLingui } from '@lingui/react/macro'
import { Modal } from '../../../components/ui/modal'

/** The vendor's game list in a popup (vendors whose isGame is VASSALAGE). */
export function GamePopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <Modal open={open} onClose={onClose} title={t`Games`} closeLabel={t`Close`} size="large">
      <p>
        <Trans>This provider's games are not listed here yet.</Trans>
      </p>
    </Modal>
  )
}
