/**
 * The deposit bonus a member chose with a deposit, credited in the transaction that credits
 * the deposit, whoever credits it (the operator, the gateway's callback).
 */
import type { MerchantRow } from '../money/common'
import type { Ledger } from '../money/ledger'
import { sweptNotices, type NoticeWriter } from '../notify/notices'
import type { Db, Tx } from '../plugins/external/db'
import { merchantByCode } from '../system/brands-repository'
import { createPromotionRepository } from './promotions-repository'
import { createPromotionService } from './promotions-service'
import { turnoverLink } from './turnover-link'

/** Keeps the bonus chosen with a deposit, in the deposit's transaction (refused if not choosable). */
export async function chooseDepositBonus(
  tx: Tx,
  deps: { db: Db; ledger: Ledger; now: () => Date },
  m: MerchantRow,
  memberId: number,
  depositId: number,
  amount: bigint,
  promotionId: number,
): Promise<void> {
  const repo = createPromotionRepository(deps.db)
  const service = createPromotionService({
    ...deps,
    repo,
    notices: sweptNotices,
    turnover: turnoverLink(deps.db),
  })
  await service.chooseForDeposit(tx, m, memberId, depositId, amount, promotionId)
}

export async function creditChosenBonus(
  tx: Tx,
  deps: { db: Db; ledger: Ledger; notices: NoticeWriter; now: () => Date },
  merchantCode: string,
  deposit: { id: number; memberId: number; amount: bigint },
): Promise<void> {
  const repo = createPromotionRepository(deps.db)
  if ((await repo.chosenForDeposit(deposit.id, tx)) === undefined) return
  const m = await merchantByCode(tx, merchantCode)
  if (!m) return
  const service = createPromotionService({ ...deps, repo, turnover: turnoverLink(deps.db) })
  await service.onDepositCredited(tx, m, deposit)
}
