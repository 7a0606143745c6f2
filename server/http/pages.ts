/**
 * The pages plugin: what a browser asks for outside the API. The web app manifest and the
 * app-install files, the developer pages, and the PWA itself, each navigation answered
 * with the server's render of the page.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { allEndpoints } from '#contract/endpoints'
import { registerAppInstall } from './app-install'
import { registerDevPages } from './dev-pages'
import { registerManifest } from './manifest'
import { loadRenderer, type PageRenderer } from './page-render'
import { profileSigner } from './profile-signing'
import { registerStatic } from './static'

export interface PagesOptions {
  /**
   * The server's render of the app's pages; by default the build's (STATIC_DIR/.ssr), and
   * none when the build has none (the pages then carry the boot data only).
   */
  renderer?: PageRenderer | null
}

async function pagesPlugin(app: FastifyInstance, { renderer }: PagesOptions) {
  const { config, db, repo, hotReads } = app.platform
  registerManifest(app, repo, config.MERCHANT_CODE, { demo: config.DEMO })
  registerAppInstall(app, repo, {
    merchantCode: config.MERCHANT_CODE,
    publicUrl: config.PUBLIC_URL,
    staticDir: config.staticDir,
    signer:
      config.IOS_PROFILE_CERT && config.IOS_PROFILE_KEY
        ? profileSigner({
            cert: config.IOS_PROFILE_CERT,
            key: config.IOS_PROFILE_KEY,
            chain: config.IOS_PROFILE_CHAIN,
          })
        : undefined,
  })
  if (config.DEV_TOOLS && config.NODE_ENV !== 'production') registerDevPages(app, db)

  // An API path asked with a method it does not take is answered as such, not with a page.
  const methodsByPath = new Map<string, string[]>()
  for (const e of allEndpoints()) {
    methodsByPath.set(e.path, [...(methodsByPath.get(e.path) ?? []), e.method])
  }
  await registerStatic(app, {
    staticDir: config.staticDir,
    methodsByPath,
    // A navigation carries no Merchant header: the brand this install serves.
    render: {
      hotReads,
      merchantOf: () => config.MERCHANT_CODE,
      countryHeader: config.COUNTRY_HEADER.toLowerCase(),
      renderer: renderer === undefined ? await loadRenderer(config.staticDir) : renderer,
      publicUrl: config.PUBLIC_URL,
    },
  })
}

export const pages = fp(pagesPlugin, { name: 'pages', dependencies: ['platform'] })
