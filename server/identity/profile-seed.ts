/**
 * player01's profile in the demo: partly filled, as a member who started it (Telegram and a
 * nationality; the nickname is the username, as every demo account's, which the header and
 * the walks show; the birthday is the VIP seed's), so the profile page shows real data and
 * what is left to fill. Demo mode only (server/db/seed.ts).
 */
import { and, eq } from 'drizzle-orm'
import { memberProfiles, members } from '../db/schema'
import type { Tx } from '../plugins/external/db'

export async function seedDemoProfile(tx: Tx, merchantCode: string, now: Date): Promise<void> {
  const [m] = await tx
    .select({ id: members.id, contacts: members.contacts })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, 'player01')))
  if (!m) return
  await tx
    .update(members)
    .set({ contacts: { ...m.contacts, telegram: '@player01_demo' } })
    .where(eq(members.id, m.id))
  await tx
    .insert(memberProfiles)
    .values({ memberId: m.id, nationality: 'Cambodian', updatedAt: now })
    .onConflictDoNothing()
}
