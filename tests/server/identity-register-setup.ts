/**
 * The registration suite's calls (identity-register.test.ts): a registration (PUT
 * /wps/member/register, encrypted) from an address, one from a fresh address with a freshly
 * solved captcha, and the rows it leaves, on the server the suite builds.
 */
import { count, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { type RegisterRequest } from '#contract/identity'
import { members, sessions } from '#server/db/schema'
import type { TestServer } from '../build-server'
import { type createClock, sealedCall, solveCaptcha, type SolvedCaptcha } from '../identity-helpers'

/** The suites' helpers on the server the suite's beforeAll builds (read when called). */
export function registerTools(
  serverOf: () => TestServer,
  clock: ReturnType<typeof createClock>,
  nextIp: () => string,
) {
  function register(
    body: RegisterRequest,
    opts: { ip: string; captcha?: SolvedCaptcha; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse> {
    return sealedCall(serverOf(), 'PUT', '/wps/member/register', body, {
      ip: opts.ip,
      ...(opts.captcha ? { captchaId: opts.captcha.id } : {}),
      ...(opts.headers ? { headers: opts.headers } : {}),
    })
  }

  /** A registration from a fresh address with a freshly solved captcha. */
  async function registerAs(
    fields: Partial<RegisterRequest> & { username: string },
    ip = nextIp(),
  ): Promise<LightMyRequestResponse> {
    const captcha = await solveCaptcha(serverOf(), { clock, ip })
    return register(
      {
        password: 'abc12345',
        confirmPassword: 'abc12345',
        termsAccepted: true,
        captcha: captcha.answer,
        ...fields,
      },
      { ip, captcha },
    )
  }

  async function tableCounts(): Promise<{ members: number; sessions: number }> {
    const [m] = await serverOf().db.select({ n: count() }).from(members)
    const [s] = await serverOf().db.select({ n: count() }).from(sessions)
    return { members: Number(m?.n), sessions: Number(s?.n) }
  }

  async function membersNamed(username: string) {
    return serverOf().db.select().from(members).where(eq(members.username, username))
  }

  return { register, registerAs, tableCounts, membersNamed }
}
