/** Lottery answers for component tests, shaped by the contract. */
import type {
  DrawResult,
  GameSetting,
  Issue,
  LotteryBet,
  LotteryGame,
  LotteryKind,
  Near,
  PrizeMode,
} from '#contract/lottery'

export const lotteryGame = (
  code: string,
  name: string,
  prizeMode: PrizeMode = 'ELOTT',
  kind: LotteryKind = 'D5',
): LotteryGame => ({
  lottoGameCode: code,
  name,
  prizeMode,
  kind,
  gameGroupCode: kind === 'D5' ? prizeMode : kind === 'VN_NORTH' ? 'NORTH' : 'SOUTH',
  labelName: kind === 'D5' ? 'E-lottery' : kind === 'VN_NORTH' ? 'Northern' : 'Southern',
  schedule:
    kind === 'D5'
      ? { type: 'interval', seconds: 60, timeZone: 'Asia/Phnom_Penh' }
      : { type: 'daily', time: '18:15', timeZone: 'Asia/Ho_Chi_Minh', weekdays: [1, 2, 3, 4, 5, 6, 7] },
  isHot: true,
  iconUrl: `/media/lottery/${code}.svg?v=1`,
})

export const e5 = lotteryGame('E5D1', 'Lucky 5 (1 min)')
export const e5b = lotteryGame('E5D3', 'Lucky 5 (3 min)')
export const vnNorth = lotteryGame('VN_MB', 'Miền Bắc', 'LOTT', 'VN_NORTH')

export const menus = {
  menus: [
    { gameGroupCode: 'ELOTT', labelName: 'E-lottery', prizeMode: 'ELOTT', games: [e5, e5b] },
    { gameGroupCode: 'NORTH', labelName: 'Northern', prizeMode: 'LOTT', games: [vnNorth] },
  ],
}

/** A fixed server clock, far from the test machine's, so the countdown must use serverTime. */
export const serverT = Date.UTC(2026, 10, 23, 12, 0, 0)

export const issue = (n: number, closeAt: number, code = 'E5D1'): Issue => ({
  lottoGameCode: code,
  numero: `20261123-${String(n).padStart(4, '0')}`,
  openAt: closeAt - 60_000,
  closeAt,
  status: 'OPEN',
  commitment: 'c'.repeat(64),
})

export const d5Result = (n: number, main: string, code = 'E5D1'): DrawResult => ({
  lottoGameCode: code,
  name: 'Lucky 5 (1 min)',
  kind: 'D5',
  numero: `20261123-${String(n).padStart(4, '0')}`,
  closeAt: serverT - 1000,
  status: 'DRAWN',
  drawnAt: serverT - 500,
  main,
  prizes: [],
  commitment: 'ab'.repeat(32),
  seed: 'cd'.repeat(32),
})

export const vnResult: DrawResult = {
  lottoGameCode: 'VN_MB',
  name: 'Miền Bắc',
  kind: 'VN_NORTH',
  numero: '20261122',
  closeAt: serverT - 86_400_000,
  status: 'DRAWN',
  drawnAt: serverT - 86_000_000,
  main: '48213',
  prizes: [
    { prize: 'DB', numbers: ['48213'] },
    { prize: 'G1', numbers: ['77120'] },
    { prize: 'G7', numbers: ['12', '45', '07', '91'] },
  ],
  commitment: 'ab'.repeat(32),
  seed: 'cd'.repeat(32),
}

export function near(over: Partial<Near> = {}): Near {
  return {
    serverTime: serverT,
    game: e5,
    current: issue(721, serverT + 65_000),
    next: issue(722, serverT + 125_000),
    last: d5Result(720, '30917'),
    ...over,
  }
}

export const d5Setting: GameSetting = {
  game: e5,
  betTypes: [
    { betType: 'POS_DIGIT', odds: '9.8', minStake: '1.00', maxStake: '500.00', maxHits: 1 },
    { betType: 'BIG_SMALL', odds: '1.96', minStake: '1.00', maxStake: '1000.00', maxHits: 1 },
    { betType: 'ODD_EVEN', odds: '1.96', minStake: '1.00', maxStake: '1000.00', maxHits: 1 },
    {
      betType: 'SUM_EXACT',
      odds: '16.333',
      // What the server sends: the likeliest sums (22, 23) pay least, 0 and 45 most.
      oddsBySum: Array.from({ length: 46 }, (_, s) =>
        s === 0 || s === 45 ? '97998' : s === 22 || s === 23 ? '16.333' : String(100 - Math.abs(s - 22.5)),
      ),
      minStake: '1.00',
      maxStake: '100.00',
      maxHits: 1,
    },
  ],
  maxLines: 20,
  maxPayout: '1000000.00',
}

export const vnSetting: GameSetting = {
  game: vnNorth,
  betTypes: [
    { betType: 'LO2', odds: '3.5', minStake: '1000', maxStake: '1000000', maxHits: 27 },
    { betType: 'LO3', odds: '40', minStake: '1000', maxStake: '1000000', maxHits: 23 },
    { betType: 'DE2', odds: '70', minStake: '1000', maxStake: '1000000', maxHits: 1 },
    { betType: 'DE3', odds: '600', minStake: '1000', maxStake: '1000000', maxHits: 1 },
  ],
  maxLines: 20,
  maxPayout: '1000000000',
}

export const bet = (over: Partial<LotteryBet> = {}): LotteryBet => ({
  betId: 'B1',
  orderId: 'O1',
  lottoGameCode: 'E5D1',
  gameName: 'Lucky 5 (1 min)',
  numero: '20261123-0720',
  betType: 'BIG_SMALL',
  selection: 'BIG',
  stake: '2.00',
  units: 1,
  amount: '2.00',
  odds: '1.96',
  status: 'WON',
  payout: '3.92',
  hits: 1,
  betTime: serverT - 30_000,
  settledTime: serverT - 400,
  result: '30917',
  ...over,
})

/** Every lottery read the /lottery page makes, by path. */
export function lotteryAnswers(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    '/lgw/games/game_menus': menus,
    '/lgw/games/setting': d5Setting,
    '/lgw/numeros/near': near(),
    '/lotto/lgw/games/opened/numero': { list: [d5Result(720, '30917'), d5Result(719, '04455')] },
    '/lgw/orders': { list: [bet()], total: 1, pageNo: 1, pageSize: 20 },
    ...over,
  }
}
