/**
 * Starts the real server (building the PWA when needed) on a free port with a temporary
 * DATA_DIR, for the whole e2e run. Tests find it through E2E_BASE_URL and E2E_DATA_DIR.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server'
import { findChromium } from './chromium'

/** The person the local OpenID provider signs in (e2e/social.spec.ts). */
export const e2eGooglePerson = {
  sub: 'e2e-google-1',
  email: 'lin.e2e@example.com',
  email_verified: true,
  name: 'Lin Tester',
}

/** A local OpenID provider standing in for Google; it checks PKCE and echoes the nonce. */
async function startOpenIdProvider(): Promise<OAuth2Server> {
  const provider = new OAuth2Server()
  await provider.issuer.keys.generate('RS256')
  await provider.start(0, '127.0.0.1')
  provider.service.on('beforeTokenSigning', (token: MutableToken) => {
    Object.assign(token.payload, e2eGooglePerson)
  })
  return provider
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  findChromium()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'))
  const provider = await startOpenIdProvider()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    // The PWA is built into a folder of its own, so the update spec can deploy a second build.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'static'),
      LOG_LEVEL: 'warn',
      // The browser reaches the server directly; a spec that stands for a member at another
      // address sends X-Forwarded-For, which only this loopback proxy may set.
      TRUST_PROXY: '127.0.0.1',
      NODE_ENV: 'test',
      // The outbox page lets the specs read SMS and e-mail codes.
      DEV_TOOLS: 'true',
      // Google sign-in against the local provider (GOOGLELOGIN3 stays off until a spec sets it).
      GOOGLE_CLIENT_ID: 'portal-e2e',
      GOOGLE_CLIENT_SECRET: 'portal-e2e-secret',
      GOOGLE_ISSUER: provider.issuer.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const started = new Promise<string>((resolve, reject) => {
    // A deadline, not a wait: the start builds the PWA and seeds the demo, which on a loaded
    // two-core host has taken over four minutes.
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), 600_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const m = /Portal ready at (http:\/\/\S+)/.exec(output)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve(m[1])
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString()
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
  const url = await started.catch(async (err: unknown) => {
    await provider.stop()
    throw err
  })
  child.removeAllListeners('exit')
  process.env.E2E_BASE_URL = url.replace('localhost', '127.0.0.1')
  process.env.E2E_DATA_DIR = dataDir
  process.env.E2E_STATIC_DIR = path.join(dataDir, 'static')

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
    await provider.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
