/**
 * The missions' answers for the component tests: player-like member on day 4 of the sign-in
 * (days 1 to 3 checked in), two newbie tasks (one done), the rescue with nothing today, a
 * milestone with a tier to claim and the week's leaderboard. A check-in or a claim is
 * answered as the server does and the summary then shows day 4 checked in.
 */
import type { Mission, MissionSummary, SignIn } from '#contract/missions'
import { missionEndpoints } from '#contract/missions'
import { promotionEndpoints } from '#contract/promotions'
import { emptyPage, moneyAnswers, promotionFixture, stubMoneyApi } from './fixtures'

export const timeZone = 'Asia/Phnom_Penh'
const rewards = ['10', '10', '15', '15', '20', '20', '100']

export function strip(checkedInToday: boolean): SignIn {
  return {
    missionId: 1,
    today: 4,
    checkedInToday,
    days: rewards.map((amount, i) => ({
      day: i + 1,
      reward: { kind: 'points', amount },
      checkedIn: i < 3 || (checkedInToday && i === 3),
    })),
    nextAt: Date.UTC(2026, 10, 30, 17),
  }
}

export const mission = (id: number, over: Partial<Mission>): Mission => ({
  id,
  kind: 'newbie',
  goal: 'profile',
  frequency: 'once',
  title: 'Complete your profile',
  imageUrl: null,
  state: 'inProgress',
  reason: null,
  progress: { done: '0', target: '1' },
  reward: { kind: 'points', amount: '50' },
  turnover: { multipleTenths: 0, base: 'bonus' },
  score: 5,
  changesAt: null,
  ...over,
})

export function summary(checkedInToday: boolean, bankCardClaimed = false): MissionSummary {
  const list = [
    mission(1, {
      kind: 'signIn',
      goal: null,
      frequency: 'daily',
      title: '7-day sign-in',
      state: checkedInToday ? 'claimed' : 'claim',
      progress: null,
      reward: { kind: 'points', amount: '15' },
    }),
    mission(2, { title: 'Complete your profile' }),
    mission(3, {
      goal: 'bankCard',
      title: 'Add a bank card',
      state: bankCardClaimed ? 'claimed' : 'claim',
      progress: { done: '1', target: '1' },
    }),
    mission(4, {
      kind: 'rescue',
      goal: null,
      frequency: 'daily',
      title: 'Rescue',
      state: 'closed',
      reason: 'nothingToClaim',
      progress: null,
      reward: { kind: 'bonus', amount: '0.00' },
    }),
  ]
  return {
    list,
    signIn: strip(checkedInToday),
    claimable: list.filter((m) => m.state === 'claim').length,
    timeZone,
  }
}

const milestones = {
  list: [
    {
      missionId: 5,
      title: 'Weekly milestones',
      frequency: 'weekly',
      period: '2026-11-30',
      endsAt: null,
      validBets: '1200.00',
      tiers: [
        { step: 0, turnover: '1000.00', reward: { kind: 'points', amount: '100' }, state: 'claim' },
        { step: 1, turnover: '5000.00', reward: { kind: 'points', amount: '500' }, state: 'inProgress' },
      ],
    },
  ],
}
const board = {
  period: '2026-11-30',
  list: [
    { rank: 1, account: 'pl***01', score: 12 },
    { rank: 2, account: 'me***02', score: 3 },
  ],
  me: { rank: 1, score: 12 },
}

/** The rules each mission's page shows, by its id. */
export const rulesText: Record<number, string> = {
  1: 'Check in once a day. Day 7 pays 100 points.',
  2: 'A task for your first 30 days. Finish it, then tap Claim.',
  3: 'Add a bank card in your first 30 days, then tap Claim.',
  4: 'Each day claim 5% of yesterday’s net loss as a bonus.',
}

export function stubMissions(promotions = 0) {
  let checkedIn = false
  let bankCard = false
  const daily = promotionFixture(1, { title: 'Daily login reward', state: 'claim' })
  const sent = stubMoneyApi(
    moneyAnswers({
      [promotionEndpoints.available.path]: {
        list: promotions > 0 ? [daily] : [],
        claimable: promotions,
        timeZone,
      },
      [promotionEndpoints.claimList.path]: emptyPage,
      [missionEndpoints.milestones.path]: milestones,
      [missionEndpoints.leaderboard.path]: board,
    }),
    {
      [missionEndpoints.summary.path]: () => summary(checkedIn, bankCard),
      [missionEndpoints.rules.path]: (s) => {
        const missionId = Number(s.query.get('missionId'))
        return { missionId, title: `Mission ${missionId}`, rules: rulesText[missionId] ?? '' }
      },
      [missionEndpoints.claim.path]: (s) => {
        if ((s.body as { missionId?: number } | undefined)?.missionId === 3) {
          bankCard = true
          return {
            claim: {
              id: 91,
              missionId: 3,
              step: 0,
              streakDay: null,
              reward: { kind: 'points', amount: '50' },
            },
            points: '100',
          }
        }
        checkedIn = true
        return {
          claim: { id: 90, missionId: 1, step: 0, streakDay: 4, reward: { kind: 'points', amount: '15' } },
          points: '50',
        }
      },
    },
  )
  return sent
}
