import { describe, expect, test } from 'vitest'
import type { VendorLane } from '#contract/games'
import { currentGameType } from '#src/features/games/components/game-nav.tsx'

const lane = (gameType: VendorLane['gameType'], vendors: string[]) =>
  ({ gameType, cards: vendors.map((vassalage) => ({ vassalage })) }) as unknown as VendorLane

const lanes = [
  lane('LOTT', ['LTO']),
  lane('LIVE', ['MKL', 'ANG']),
  lane('RNG', ['DSL']),
  lane('COCKFIGHT', ['CKF']),
]

describe("the header nav's current game type", () => {
  test("is the lobby's first game type, or the one whose vendor tab is open", () => {
    expect(currentGameType(lanes, '/live', undefined)).toBe('LIVE')
    expect(currentGameType(lanes, '/live', 'ANG')).toBe('LIVE')
    expect(currentGameType(lanes, '/live', 'CKF')).toBe('COCKFIGHT')
    expect(currentGameType(lanes, '/rng', 'NOPE')).toBe('RNG')
  })

  test('is none away from the lobbies', () => {
    expect(currentGameType(lanes, '/index', undefined)).toBeUndefined()
    expect(currentGameType(lanes, '/fish', undefined)).toBeUndefined()
  })
})
