/**
 * A referral written with the friend's registration (or a code added later), in the
 * caller's transaction: held when it looks like self-referral (decision 032) — the friend
 * came from an address the referrer registered or logged in from, or from a device that
 * registered the referrer or another of their friends.
 */
import type { ReferralFlag } from '#contract/referral-values'
import type { Tx } from '../plugins/external/db'
import type { ReferralRepository, ReferralRow } from './referral-repository'

export interface ReferralToRecord {
  merchantCode: string
  referrerId: number
  friendId: number
  code: string
  ip: string
  device?: string | undefined
}

/** The referral written; undefined when the friend already has a referrer. */
export async function recordReferral(
  repo: Pick<ReferralRepository, 'referrerUsedAddress' | 'referrerUsedDevice' | 'insert'>,
  tx: Tx,
  r: ReferralToRecord,
  at: Date,
): Promise<ReferralRow | undefined> {
  let flag: ReferralFlag | null = null
  if (await repo.referrerUsedAddress(r.referrerId, r.ip, tx)) flag = 'sameAddress'
  else if (r.device && (await repo.referrerUsedDevice(r.referrerId, r.device, tx))) flag = 'sameDevice'
  return repo.insert(
    {
      merchantCode: r.merchantCode,
      referrerId: r.referrerId,
      friendId: r.friendId,
      code: r.code.trim().toUpperCase(),
      friendIp: r.ip,
      friendDevice: r.device?.trim() || null,
      flag,
      review: flag ? 'held' : 'ok',
      createdAt: at,
    },
    tx,
  )
}
