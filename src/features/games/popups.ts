/** The game popup (src/lib/popup-registry.ts). */
import { definePopups } from '../../lib/popup-registry'

declare module '../../lib/popup-registry' {
  interface PopupNames {
    gamePopup: true
  }
}

export const popups = definePopups({
  popups: [
    {
      name: 'gamePopup',
      guard: 'member',
      load: () => import('./components/game-popup-host').then((m) => m.GamePopupHost),
    },
  ],
})
