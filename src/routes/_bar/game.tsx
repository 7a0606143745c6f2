import { createFileRoute } from '@tanstack/react-router'
import { GameFramePage } from '../../features/games/launch/game-frame-page'

/** Hosts a launched game in a sandboxed iframe; with no game launched it says so. */
export const Route = createFileRoute('/_bar/game')({
  component: GameFramePage,
})
