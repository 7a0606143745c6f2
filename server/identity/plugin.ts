/**
 * The identity area: registration, sign-in (by password, mobile code and social
 * providers), sessions, profiles (the profile calls: profile-handlers.ts), passwords and new-address checks, with the message
 * channels their codes travel on.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createChannels } from '../channels/channels'
import { registerContract } from '../http/contract-routes'
import { sessionPruningJob } from '../jobs/session-pruning'
import { createAudit } from './audit'
import { createCaptchas } from './captcha'
import { createCodes } from './codes'
import { createDevices } from './devices'
import { createDevicesRepository } from './devices-repository'
import { identityHandlers } from './handlers'
import { createIdentityKit, type IdentityDeps } from './identity-kit'
import { profileCallHandlers } from './profile-handlers'
import { createProfileService } from './profile-service'
import { createSocial } from './social'
import { registerSocialRoutes } from './social-routes'

async function identityArea(app: FastifyInstance) {
  const { db, config, now, repo, access, sessions, passwords, throttle, routes } = app.platform
  const { funds } = app.money
  const channels = createChannels(config, db, now)
  app.addHook('onClose', async () => channels.close())
  app.log.info(channels.routes, 'message channels')

  const social = createSocial({ db, access, throttle, passwords, config, now, log: app.log })
  const deps: IdentityDeps = {
    db,
    repo,
    access,
    sessions,
    passwords,
    throttle,
    captchas: createCaptchas(db, now),
    audit: createAudit(db, now),
    codes: createCodes(db, channels, throttle, now, app.log),
    social,
    creditTrial: (merchantCode, memberId, tx) => funds.creditTrial(merchantCode, memberId, tx),
    now,
  }
  const identity = identityHandlers(deps)
  const profile = profileCallHandlers(createIdentityKit(deps), createProfileService(db, now))
  registerContract(app, { identity, profile }, routes)
  registerSocialRoutes(app, social, routes, config.PUBLIC_URL)
  const devices = createDevices({ db, repo: createDevicesRepository(db), now })
  app.platform.addJobs(() => [sessionPruningJob(sessions, devices)])
}

export const identity = fp(identityArea, { name: 'identity', dependencies: ['platform', 'money'] })
