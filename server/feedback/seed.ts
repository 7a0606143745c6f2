/**
 * The demo's feedback (issue 37): player01 has sent two, a suggestion the operator answered
 * and a problem still waiting. Demo mode only (seedForStart); a production brand starts with
 * none. The answered one's reply is seeded without a notice, so the demo inbox stays as the
 * other steps made it.
 */
import { and, eq } from 'drizzle-orm'
import { feedback, members } from '../db/schema'
import type { Tx } from '../plugins/external/db'

const hour = 60 * 60 * 1000

export async function seedDemoFeedback(tx: Tx, merchantCode: string, now: Date): Promise<void> {
  const [m] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, 'player01')))
  if (!m) return
  await tx.insert(feedback).values([
    {
      merchantCode,
      memberId: m.id,
      type: 'suggestion',
      content: 'Please add more fish games to the lobby, and a filter for games with a jackpot.',
      status: 'replied',
      reply:
        'Thank you for the suggestion! Two new fish games arrive next week, and we have passed the jackpot filter to our product team.',
      repliedAt: new Date(now.getTime() - 20 * hour),
      repliedBy: 'operator:demo',
      createdAt: new Date(now.getTime() - 50 * hour),
    },
    {
      merchantCode,
      memberId: m.id,
      type: 'problem',
      content: 'The lottery results page sometimes loads slowly on my phone in the evening.',
      status: 'pending',
      createdAt: new Date(now.getTime() - 3 * hour),
    },
  ])
}
