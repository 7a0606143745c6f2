import { useModals } from '../../../lib/modal-store'
import type { PopupProps } from '../../../lib/popup-registry'
import { GamePopup } from './game-popup'

export function GamePopupHost({ onClose }: PopupProps) {
  const { vendor } = useModals()
  return <GamePopup open vendor={vendor} onClose={onClose} />
}
