/**
 * The demo catalogue: a few thousand games made deterministically from word lists, so
 * every demo install has the same codes and names, and search and paging meet real sizes.
 * Demo content only: a production install lists what its vendors deliver.
 */
import type { GameClassify, GameType, IsGame } from '#contract/games'
import type { GameRoom } from './schema/games'

/** The version of the generated art: part of every thumbnail URL, so a change busts caches. */
export const gameArtVersion = 1

export interface DemoGame {
  code: string
  name: string
  gameType: GameType
  vassalage: string
  subType: GameClassify | null
  isGame: IsGame
  defaultPlayType: 'html5' | 'html5-desktop'
  isHot: boolean
  isNew: boolean
  freeplay: boolean
  rooms: GameRoom[] | null
  sort: number
}

/** A small seeded generator (mulberry32): the same seed gives the same catalogue. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A 32-bit hash of a string (FNV-1a). */
export function hashOf(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T

const slotFirst = [
  'Golden',
  'Lucky',
  'Wild',
  'Mystic',
  'Dragon',
  'Fortune',
  'Royal',
  'Jade',
  'Tiger',
  'Lotus',
  'Phoenix',
  'Sakura',
  'Emerald',
  'Ruby',
  'Diamond',
  'Mega',
  'Super',
  'Crazy',
  'Blazing',
  'Frozen',
  'Cosmic',
  'Ancient',
  'Sweet',
  'Magic',
  'Thunder',
  'Neon',
  'Midnight',
  'Silver',
  'Sunny',
  'Jungle',
  'Pirate',
  'Samurai',
  'Viking',
  'Aztec',
  'Mayan',
  'Egyptian',
  'Candy',
  'Cherry',
  'Starlight',
  'Wolf',
  'Buffalo',
  'Panda',
  'Koi',
  'Monkey',
  'Elephant',
  'Angkor',
  'Mekong',
  'Siam',
  'Saigon',
  'Imperial',
] as const
const slotSecond = [
  'Reels',
  'Spins',
  'Fortune',
  'Treasure',
  'Riches',
  'Gems',
  'Temple',
  'Empire',
  'Nights',
  'Bonanza',
  'Wilds',
  'Fruits',
  'Sevens',
  'Dynasty',
  'Rush',
  'Quest',
  'Legends',
  'Kingdom',
  'Gold',
  'Wishes',
  'Blessings',
  'Party',
  'Safari',
  'Festival',
  'Palace',
  'Coins',
  'Cascade',
  'Storm',
  'Fever',
  'Jewels',
] as const
const slotSuffix = ['', '', '', '', ' Deluxe', ' Megaways', ' 2', ' Hold & Win', ' Link', ' Xtreme'] as const
const pokerNames = [
  'Jacks or Better',
  'Deuces Wild',
  'Joker Poker',
  'Bonus Poker',
  'Double Bonus Poker',
  'Aces and Faces',
  'Tens or Better',
  'All American Poker',
  'Double Joker',
  'Bonus Deuces',
] as const
const tableNames = [
  'European Roulette',
  'American Roulette',
  'Blackjack',
  'Baccarat',
  'Sic Bo',
  'Dragon Tiger',
  'Three Card Poker',
  "Casino Hold'em",
  'Pai Gow',
  'Red Dog',
  'Craps',
  'Pontoon',
] as const
const arcadeNames = [
  'Plinko',
  'Mines',
  'Crash',
  'Dice',
  'Limbo',
  'Keno',
  'Hi-Lo',
  'Tower',
  'Wheel',
  'Goal',
  'Aviator',
  'Scratch',
] as const
const bingoNames = ['Bingo', 'Bingo 75', 'Bingo 90', 'Speed Bingo', 'Pattern Bingo', 'Loto Bingo'] as const
const variants = [
  'Classic',
  'Gold',
  'Pro',
  'VIP',
  'Turbo',
  'Royale',
  'Deluxe',
  'Multi-hand',
  'Max',
  'Zero',
] as const
const fishNames = [
  'Ocean King',
  'Fishing War',
  'Fish Hunter',
  'Shark Hunter',
  'Mermaid Treasure',
  'Kraken Strike',
  'Golden Toad',
  'Dragon Fishing',
  'Deep Sea Party',
  'Jackpot Fishing',
  'Bombing Fishing',
  'Happy Fishing',
  'Royal Fishing',
  'Cai Shen Fishing',
  'Fishing Legend',
] as const
const cardNames = [
  "Texas Hold'em",
  'Niu Niu',
  'Pok Deng',
  'Teen Patti',
  'Rummy',
  'Mahjong',
  'Tongits',
  'Pai Gow',
  'Blackjack',
  'Sam Gong',
  'Tien Len',
  'Mau Binh',
  'Xoc Dia',
  'Domino QiuQiu',
  'Fan Tan',
] as const
const liveNames = [
  'Baccarat',
  'Speed Baccarat',
  'Squeeze Baccarat',
  'Dragon Tiger',
  'Roulette',
  'Lightning Roulette',
  'Sic Bo',
  'Blackjack',
  'Fan Tan',
  'Money Wheel',
  'Andar Bahar',
  "Casino Hold'em",
] as const
const tableLetters = 'ABCDEFGHJK'

/** How many games of each sub-type an RNG vendor has, out of `slotCount` slots. */
const rngMix: [GameClassify, number][] = [
  ['SC', 230],
  ['JP', 30],
  ['VP', 15],
  ['TG', 20],
  ['AC', 18],
  ['BG', 7],
]

function uniqueName(taken: Set<string>, make: (attempt: number) => string): string {
  for (let attempt = 0; ; attempt++) {
    const name = make(attempt)
    if (!taken.has(name)) {
      taken.add(name)
      return name
    }
  }
}

function roomsFor(r: () => number, code: string): GameRoom[] {
  const levels: [string, number, number][] = [
    ['Beginner', 100, 5_000],
    ['Standard', 500, 25_000],
    ['Expert', 2_000, 100_000],
    ['VIP', 10_000, 1_000_000],
  ]
  return levels.map(([roomName, min, max], i) => ({
    roomId: `${code}-R${i + 1}`,
    roomName,
    minBet: String(min),
    maxBet: String(max),
    seats: pick(r, [4, 5, 6, 9] as const),
  }))
}

/**
 * The games of one demo vendor: [vassalage, game type]. RNG vendors get ~320 games over
 * every sub-type and a VASSALAGE entry; fish, card and live vendors a few dozen; sports,
 * esports, lottery and cockfight vendors one lobby entry each.
 */
export function demoGamesOf(vassalage: string, gameType: GameType): DemoGame[] {
  const r = random(hashOf(`${vassalage}:${gameType}`))
  const taken = new Set<string>()
  const out: DemoGame[] = []
  const add = (
    g: Omit<DemoGame, 'code' | 'sort' | 'isHot' | 'isNew' | 'defaultPlayType' | 'rooms'> & {
      rooms?: GameRoom[] | null
    },
  ) => {
    const n = out.length
    out.push({
      ...g,
      code: `${vassalage}-${String(n + 1).padStart(4, '0')}`,
      sort: n,
      // About one in twelve is hot and one in fifteen new, never the vendor entry.
      isHot: g.isGame === 'GAME' && r() < 0.08,
      isNew: g.isGame === 'GAME' && r() < 0.065,
      defaultPlayType: gameType === 'LIVE' ? 'html5-desktop' : 'html5',
      rooms: g.rooms ?? null,
    })
  }
  const common = { gameType, vassalage, isGame: 'GAME' as const }
  switch (gameType) {
    case 'RNG': {
      add({ ...common, name: `${vassalage} Lobby`, subType: null, isGame: 'VASSALAGE', freeplay: false })
      for (const [subType, count] of rngMix) {
        for (let i = 0; i < count; i++) {
          const name = uniqueName(taken, (attempt) => {
            const v = attempt > 3 ? ` ${pick(r, variants)}` : ''
            switch (subType) {
              case 'SC':
                return `${pick(r, slotFirst)} ${pick(r, slotSecond)}${pick(r, slotSuffix)}${v}`
              case 'JP':
                return `${pick(r, slotFirst)} ${pick(r, slotSecond)} Jackpot${v}`
              case 'VP':
                return `${pick(r, pokerNames)} ${pick(r, variants)}${v}`
              case 'TG':
                return `${pick(r, tableNames)} ${pick(r, variants)}${v}`
              case 'AC':
                return `${pick(r, slotFirst)} ${pick(r, arcadeNames)}${v}`
              case 'BG':
                return `${pick(r, slotFirst)} ${pick(r, bingoNames)}${v}`
            }
          })
          add({ ...common, name, subType, freeplay: true })
        }
      }
      break
    }
    case 'FISH':
      for (let i = 0; i < 60; i++) {
        const name = uniqueName(taken, (attempt) =>
          attempt === 0 && i < fishNames.length
            ? (fishNames[i] as string)
            : `${pick(r, slotFirst)} ${pick(r, fishNames)}${attempt > 3 ? ` ${pick(r, variants)}` : ''}`,
        )
        add({ ...common, name, subType: null, freeplay: true })
      }
      break
    case 'PVP':
      for (let i = 0; i < 60; i++) {
        const name = uniqueName(
          taken,
          (attempt) => `${pick(r, cardNames)} ${pick(r, variants)}${attempt > 3 ? ` ${i}` : ''}`,
        )
        const code = `${vassalage}-${String(out.length + 1).padStart(4, '0')}`
        add({ ...common, name, subType: null, freeplay: false, rooms: roomsFor(r, code) })
      }
      break
    case 'LIVE':
      for (let i = 0; i < 40; i++) {
        const name = uniqueName(
          taken,
          (attempt) =>
            `${pick(r, liveNames)} ${tableLetters[Math.floor(r() * tableLetters.length)]}${attempt > 3 ? attempt : ''}`,
        )
        add({ ...common, name, subType: null, freeplay: false })
      }
      break
    default:
      add({ ...common, name: `${vassalage} Lobby`, subType: null, freeplay: false })
  }
  return out
}
