/**
 * Game vendors and, later, games, launching and favourites.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'

export const gameTypes = [
  'LOTT',
  'ELOTT',
  'LIVE',
  'SPORTS',
  'ESPORTS',
  'RNG',
  'FISH',
  'PVP',
  'COCKFIGHT',
] as const
export const GameTypeSchema = z.enum(gameTypes)
export type GameType = z.infer<typeof GameTypeSchema>

export const VendorCardSchema = z.object({
  /** The vendor wallet's id in the member's wallets. */
  accountTypeId: z.int(),
  accountTypeName: z.string(),
  /** The vendor code used by game lists and launches. */
  vassalage: z.string(),
  gameType: GameTypeSchema,
  displayName: z.string(),
  logo: z.string(),
  isHot: z.boolean(),
  maintenance: z.boolean(),
})
export type VendorCard = z.infer<typeof VendorCardSchema>

export const VendorLaneSchema = z.object({
  title: z.string(),
  gameType: GameTypeSchema,
  cards: z.array(VendorCardSchema),
})
export type VendorLane = z.infer<typeof VendorLaneSchema>

export const gameEndpoints = {
  gameVendor: defineEndpoint({
    name: 'games.gameVendor',
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameVendor',
    // The platform marks it token-only in one build; the header nav needs it for visitors too.
    auth: 'public',
    encrypted: false,
    hotRead: true,
    modId: 'GAMELO3',
    response: z.object({ data: z.object({ lanes: z.array(VendorLaneSchema) }) }),
    errors: ['feature_disabled'],
  }),
} as const
