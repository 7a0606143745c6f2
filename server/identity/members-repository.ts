/**
 * Member rows: the lookups by id, username, mobile number and invitation code, and the
 * writes of passwords, payment passwords and profile fields. Every method takes an optional
 * transaction; the caller opens one when its writes belong together.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { memberTypes } from '#contract/identity'
import { members } from '../db/schema'
import { rowsOf, type Db, type Tx } from '../plugins/external/db'

export type MemberRow = typeof members.$inferSelect
export type NewMember = typeof members.$inferInsert

export function createMembersRepository(db: Db) {
  return {
    async byId(memberId: number, tx?: Tx): Promise<MemberRow | undefined> {
      const [m] = await (tx ?? db).select().from(members).where(eq(members.id, memberId))
      return m
    },

    /** The names per language of the member's VIP level (no level row is rank 1); null while the brand has no such level. */
    async levelNames(memberId: number): Promise<{ names: unknown; brandLanguage: string } | null> {
      const rows = rowsOf<{ names: unknown; brand_language: string }>(
        await db.execute(sql`
          select l.names, b.default_language as brand_language from members m
          join merchants b on b.code = m.merchant_code
          left join member_vip v on v.member_id = m.id
          join vip_levels l on l.merchant_code = m.merchant_code and l.rank = coalesce(v.rank, 1)
          where m.id = ${memberId}`),
      )
      const r = rows[0]
      return r ? { names: r.names, brandLanguage: r.brand_language } : null
    },

    async byUsername(merchantCode: string, username: string, tx?: Tx): Promise<MemberRow | undefined> {
      const [m] = await (tx ?? db)
        .select()
        .from(members)
        .where(and(eq(members.merchantCode, merchantCode), eq(members.username, username)))
      return m
    },

    async byMobile(merchantCode: string, e164: string, tx?: Tx): Promise<MemberRow | undefined> {
      const [m] = await (tx ?? db)
        .select()
        .from(members)
        .where(and(eq(members.merchantCode, merchantCode), eq(members.mobile, e164)))
      return m
    },

    /** The active agent whose invitation (affiliate) code this is, any case. */
    async agentByCode(merchantCode: string, code: string, tx?: Tx): Promise<{ id: number } | undefined> {
      const [agent] = await (tx ?? db)
        .select({ id: members.id })
        .from(members)
        .where(
          and(
            eq(members.merchantCode, merchantCode),
            eq(members.affiliateCode, code.trim().toUpperCase()),
            inArray(members.type, [...memberTypes.agentTypes]),
            eq(members.status, 'active'),
          ),
        )
      return agent
    },

    async usernameTaken(merchantCode: string, username: string, tx?: Tx): Promise<boolean> {
      const [existing] = await (tx ?? db)
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.merchantCode, merchantCode), eq(members.username, username)))
      return existing !== undefined
    },

    /** A new account; throws when the row is not written. */
    async create(values: NewMember, tx?: Tx): Promise<MemberRow> {
      const [row] = await (tx ?? db).insert(members).values(values).returning()
      if (!row) throw new Error('member not created')
      return row
    },

    /** A new account, or nothing when a racing registration took its username or number. */
    async createUnlessTaken(values: NewMember, tx?: Tx): Promise<MemberRow | undefined> {
      const [row] = await (tx ?? db).insert(members).values(values).onConflictDoNothing().returning()
      return row
    },

    /** Locks the member's row until the transaction ends, so counts under it hold. */
    async lock(memberId: number, tx: Tx): Promise<void> {
      await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update')
    },

    async setPassword(memberId: number, passwordHash: string, at: Date, tx?: Tx): Promise<void> {
      await (tx ?? db)
        .update(members)
        .set({ passwordHash, passwordChangedAt: at, mustChangePassword: false })
        .where(eq(members.id, memberId))
    },

    async setPaymentPassword(memberId: number, hash: string, tx?: Tx): Promise<void> {
      await (tx ?? db).update(members).set({ paymentPasswordHash: hash }).where(eq(members.id, memberId))
    },

    /** Sets the payment password only when none is set; false when one already was. */
    async setFirstPaymentPassword(memberId: number, hash: string, tx?: Tx): Promise<boolean> {
      const [done] = await (tx ?? db)
        .update(members)
        .set({ paymentPasswordHash: hash })
        .where(and(eq(members.id, memberId), isNull(members.paymentPasswordHash)))
        .returning({ id: members.id })
      return done !== undefined
    },

    async markLogin(memberId: number, at: Date, tx?: Tx): Promise<void> {
      await (tx ?? db).update(members).set({ lastLoginAt: at }).where(eq(members.id, memberId))
    },

    async setLanguage(memberId: number, language: string, tx?: Tx): Promise<void> {
      await (tx ?? db).update(members).set({ language }).where(eq(members.id, memberId))
    },

    /** Sets the birthday only where none is set yet: false when one already was. */
    async setBirthdayOnce(memberId: number, birthday: string, tx?: Tx): Promise<boolean> {
      const done = await (tx ?? db)
        .update(members)
        .set({ birthday })
        .where(and(eq(members.id, memberId), isNull(members.birthday)))
        .returning({ id: members.id })
      return done.length > 0
    },

    async setAvatar(memberId: number, avatar: string, tx?: Tx): Promise<void> {
      await (tx ?? db).update(members).set({ avatar }).where(eq(members.id, memberId))
    },

    /** The stored avatar column; undefined when the account is gone. */
    async avatar(memberId: number, tx?: Tx): Promise<{ avatar: string | null } | undefined> {
      const [m] = await (tx ?? db)
        .select({ avatar: members.avatar })
        .from(members)
        .where(eq(members.id, memberId))
      return m
    },
  }
}

export type MembersRepository = ReturnType<typeof createMembersRepository>
