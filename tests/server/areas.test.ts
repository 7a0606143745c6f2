/**
 * The areas: each is a named plugin that declares what it stands on, and the app starts
 * only when every group of the endpoint table has an area that answers it.
 */
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints'
import { assertContractWhole, registerContract, type RouteDeps } from '#server/http/contract-routes'
import { money } from '#server/money/plugin'
import { systemHandlers } from '#server/system/handlers'

// Registration only records routes; no request reaches these.
const unused = {} as RouteDeps
const unusedSystem = {} as Parameters<typeof systemHandlers>[0]

describe('areas', () => {
  it('an area registered without what it stands on is refused at start, naming it', async () => {
    const app = Fastify()
    await expect(app.register(money)).rejects.toThrow(/platform/)
    await app.close()
  })

  it('names the contract groups no area answers', async () => {
    const app = Fastify()
    registerContract(app, { system: systemHandlers(unusedSystem) }, unused)
    const others = Object.keys(endpoints).filter((g) => g !== 'system')
    expect(() => assertContractWhole(app)).toThrow(`no area answers the contract groups ${others.join(', ')}`)
    await app.close()
  })

  it('refuses a contract group registered by two areas', async () => {
    const app = Fastify()
    registerContract(app, { system: systemHandlers(unusedSystem) }, unused)
    expect(() => registerContract(app, { system: systemHandlers(unusedSystem) }, unused)).toThrow(
      'the contract group system is registered twice',
    )
    await app.close()
  })
})
