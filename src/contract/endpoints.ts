/**
 * The endpoint table: every call the PWA makes and the server answers, grouped by area.
 * Each later capability adds its group here; nothing describes an endpoint twice.
 */
import { agentEndpoints } from './agent'
import { agentInviteEndpoints } from './agent-invite'
import { authenticatorEndpoints } from './authenticator'
import { contentEndpoints } from './content'
import { contractEndpoints } from './contracts'
import { deviceEndpoints } from './devices'
import type { EndpointDef } from './endpoint'
import { feedbackEndpoints } from './feedback'
import { fundsEndpoints } from './funds'
import { gameEndpoints } from './games'
import { identityEndpoints } from './identity'
import { inboxEndpoints } from './inbox'
import { lotteryEndpoints } from './lottery'
import { missionEndpoints } from './missions'
import { playEndpoints } from './play'
import { pointEndpoints } from './points'
import { profileEndpoints } from './profile'
import { promotionEndpoints } from './promotions'
import { pushEndpoints } from './push'
import { raffleEndpoints } from './raffle'
import { recordEndpoints } from './records'
import { referralEndpoints } from './referral'
import { systemEndpoints } from './system'
import { turnoverEndpoints } from './turnover'
import { vipEndpoints } from './vip'
import { walletEndpoints } from './wallet'

export const endpoints = {
  system: systemEndpoints,
  content: contentEndpoints,
  games: gameEndpoints,
  play: playEndpoints,
  identity: { ...identityEndpoints, ...deviceEndpoints, ...authenticatorEndpoints },
  profile: profileEndpoints,
  wallet: walletEndpoints,
  funds: fundsEndpoints,
  records: recordEndpoints,
  turnover: turnoverEndpoints,
  push: pushEndpoints,
  inbox: inboxEndpoints,
  lottery: lotteryEndpoints,
  agent: { ...agentEndpoints, ...agentInviteEndpoints },
  contracts: contractEndpoints,
  promotions: promotionEndpoints,
  raffle: raffleEndpoints,
  points: pointEndpoints,
  vip: vipEndpoints,
  missions: missionEndpoints,
  feedback: feedbackEndpoints,
  referral: referralEndpoints,
} as const

export type Endpoints = typeof endpoints

/** Every endpoint row, flattened, for route registration and the contract tests. */
export function allEndpoints(): EndpointDef[] {
  return Object.values(endpoints).flatMap((group) => Object.values(group) as EndpointDef[])
}
