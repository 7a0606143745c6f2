/**
 * The games' popups (src/lib/popup-registry.ts): a vendor's game list (a vendor entry whose
 * isGame is VASSALAGE), and what a refused launch offers (launch/launch-popups.tsx): other
 * games while a vendor is under maintenance, a deposit or a transfer when the balance is short;
 * and a PVP game's rooms to pick before it starts (launch/room-picker.tsx).
 */
import { definePopups } from '../../lib/popup-registry'

declare module '../../lib/popup-registry' {
  interface PopupNames {
    gamePopup: true
    gameMaintenance: true
    gameBalance: true
    gameRooms: true
  }
}

const launchPopups = () => import('./launch/launch-popups')

export const popups = definePopups({
  popups: [
    {
      name: 'gamePopup',
      guard: 'member',
      load: () => import('./components/game-popup-host').then((m) => m.GamePopupHost),
    },
    { name: 'gameMaintenance', load: () => launchPopups().then((m) => m.MaintenancePopup) },
    { name: 'gameBalance', guard: 'member', load: () => launchPopups().then((m) => m.BalancePopup) },
    {
      name: 'gameRooms',
      guard: 'member',
      load: () => import('./launch/room-picker').then((m) => m.RoomPickerPopup),
    },
  ],
})
