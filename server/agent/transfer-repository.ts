/**
 * What transfers down to the team read and lock: the agent's own row (taken first, so one
 * agent's transfers run one after another and a day's limit holds under parallel calls),
 * the named members of its team with their main wallet, what it has sent down since a
 * moment, and the brand's limits.
 */
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { mainAccountTypeId } from '#contract/wallet'
import { merchants } from '../db/schema'
import { rowsOf, type Db, type Tx } from '../plugins/external/db'

const Recipient = z.object({
  id: z.coerce.number().int(),
  account: z.string(),
  wallet: z.coerce.number().int().nullable(),
})

export type Recipient = z.infer<typeof Recipient>

export interface TransferLimits {
  /** Minor units; null: no limit. */
  perTransfer: bigint | null
  perDay: bigint | null
}

export function createTransferRepository(db: Db) {
  return {
    /**
     * Holds the agent's row until the transaction ends; later transfers of it wait here.
     * `for no key update`: rows that only refer to the agent (its rounds, its sessions) are
     * not held up by it.
     */
    async lockAgent(tx: Tx, agentId: number): Promise<void> {
      await tx.execute(sql`select id from members where id = ${agentId} for no key update`)
    },

    /**
     * The members named that are active in the agent's team (below it, at any depth), each
     * with its main wallet when it has one; one statement for any number of them.
     */
    async recipients(tx: Tx, merchantCode: string, agentId: number, ids: readonly number[]) {
      const idList = `{${ids.map((id) => Math.trunc(id)).join(',')}}`
      const rows = rowsOf<unknown>(
        await tx.execute(sql`
          select m.id, m.account, a.id as wallet
          from member_tree t
          join members m on m.id = t.descendant_id
          left join ledger_accounts a on a.merchant_code = ${merchantCode} and a.member_id = m.id
            and coalesce(a.account_type_id, ${mainAccountTypeId}) = ${mainAccountTypeId}
          where t.ancestor_id = ${agentId} and t.depth >= 1 and m.status = 'active'
            and t.descendant_id = any(${idList}::int[])`),
      )
      return rows.map((r) => Recipient.parse(r))
    },

    /**
     * What the agent's wallet sent down to its team on one day of the time zone (YYYY-MM-DD),
     * in minor units: every transfer and red envelope, from the ledger.
     */
    async sentDownOn(
      tx: Tx,
      agentId: number,
      wallet: number,
      day: string,
      timeZone: string,
    ): Promise<bigint> {
      const [row] = rowsOf<{ sent: string }>(
        await tx.execute(sql`
          select coalesce(-sum(p.amount), 0)::text as sent
          from ledger_transactions t
          join ledger_postings p on p.transaction_id = t.id
          where t.member_id = ${agentId} and t.type = 'DOWNLINE_TRANSFER'
            and t.created_at >= (${day}::date::timestamp at time zone ${timeZone})
            and t.created_at < ((${day}::date + 1)::timestamp at time zone ${timeZone})
            and p.account_id = ${wallet} and p.amount < 0`),
      )
      return BigInt(row?.sent ?? '0')
    },

    /** The brand's limits; `ex`: the caller's transaction (an operator command's). */
    async limits(merchantCode: string, ex: Db = db): Promise<TransferLimits | undefined> {
      const [row] = await ex
        .select({ perTransfer: merchants.downlineTransferMax, perDay: merchants.downlineTransferDailyMax })
        .from(merchants)
        .where(eq(merchants.code, merchantCode))
      return row
    },

    async setLimits(merchantCode: string, limits: TransferLimits, ex: Db = db): Promise<void> {
      await ex
        .update(merchants)
        .set({ downlineTransferMax: limits.perTransfer, downlineTransferDailyMax: limits.perDay })
        .where(eq(merchants.code, merchantCode))
    },
  }
}

export type TransferRepository = ReturnType<typeof createTransferRepository>
