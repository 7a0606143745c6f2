import type { PopupProps } from '../../../lib/popup-registry'
import { GamePopup } from './game-popup'

export function GamePopupHost({ onClose }: PopupProps) {
  return <GamePopup open onClose={onClose} />
}
