/**
 * Image captchas (svg-captcha): the answer stays on the server, tied to the browser by an
 * HttpOnly cookie; each captcha is good for one check within five minutes.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, isNull, lt } from 'drizzle-orm'
import { captchas } from '../db/schema'
import { lazyModule } from '../lazy-module'
import type { Db } from '../plugins/external/db'

/** svg-captcha parses its font when loaded: on the first captcha, not at start. */
const captchaLib = lazyModule('svg-captcha', () => import('svg-captcha'))

export const captchaCookie = 'portal_captcha'
const lifetimeMs = 5 * 60_000

export function createCaptchas(db: Db, now: () => Date) {
  return {
    /** A new captcha: its id (for the cookie) and a data: URL of its image. */
    async issue(): Promise<{ id: string; image: string }> {
      const { default: svgCaptcha } = await captchaLib()
      const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', background: '#f4f6f8' })
      const id = randomUUID()
      const t = now()
      await db
        .insert(captchas)
        .values({ id, answer: c.text.toLowerCase(), expiresAt: new Date(t.getTime() + lifetimeMs) })
      // Old captchas go as new ones come, so the table stays small without a job.
      await db.delete(captchas).where(lt(captchas.expiresAt, new Date(t.getTime() - lifetimeMs)))
      return { id, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` }
    },

    /** Checks an answer once: right or wrong, the captcha cannot be used again. */
    async check(id: string | undefined, answer: string | undefined): Promise<boolean> {
      if (!id || !answer) return false
      const t = now()
      const [row] = await db
        .update(captchas)
        .set({ usedAt: t })
        .where(and(eq(captchas.id, id), isNull(captchas.usedAt)))
        .returning()
      return !!row && row.expiresAt > t && row.answer === answer.trim().toLowerCase()
    },
  }
}

export type Captchas = ReturnType<typeof createCaptchas>
