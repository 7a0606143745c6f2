/** The content area: announcements, banners and help pages, with the banners' art. */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { registerContract } from '../http/contract-routes'
import { registerBannerMedia } from './banner-art'
import { contentHandlers } from './handlers'

async function contentArea(app: FastifyInstance) {
  registerContract(app, { content: contentHandlers(app.platform.db) }, app.platform.routes)
  registerBannerMedia(app)
}

export const content = fp(contentArea, { name: 'content', dependencies: ['platform'] })
