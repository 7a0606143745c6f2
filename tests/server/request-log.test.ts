/**
 * The request log keeps secrets out of the addresses it records: a social sign-in's
 * authorization code and state, and the session token older clients put in the query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redactedUrl } from '#server/http/loggable-request'
import { build, type TestServer } from '../build-server'

const logLines: string[] = []
let server: TestServer

beforeAll(async () => {
  server = await build({
    config: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  })
})
afterAll(async () => {
  await server?.close()
})

/** What the log says of one GET of `url`. */
async function logOf(url: string): Promise<string> {
  logLines.length = 0
  await server.app.inject({ method: 'GET', url })
  return logLines.join('\n')
}

describe('the request log', () => {
  it('records the address of a social sign-in’s return without its code and state', async () => {
    const log = await logOf('/wps/session/social/callback/google?code=SECRET-AUTH-CODE&state=SECRET-STATE')
    expect(log).toContain('/wps/session/social/callback/google?code=[redacted]&state=[redacted]')
    expect(log).not.toContain('SECRET-AUTH-CODE')
    expect(log).not.toContain('SECRET-STATE')
  })

  it('records a game launch’s other parameters but not a session token in the query', async () => {
    const log = await logOf('/wps/game/launchGame?gameCode=DSL-0001&platform=H5&token=SECRET-SESSION-TOKEN')
    expect(log).toContain('gameCode=DSL-0001&platform=H5&token=[redacted]')
    expect(log).not.toContain('SECRET-SESSION-TOKEN')
  })
})

describe('redactedUrl', () => {
  it('leaves an address without secret parameters as it came', () => {
    expect(redactedUrl('/wps/system/status')).toBe('/wps/system/status')
    expect(redactedUrl('/wps/game/list?gameCode=A&pageNo=2')).toBe('/wps/game/list?gameCode=A&pageNo=2')
  })

  it('knows a secret parameter however its name is written or encoded', () => {
    expect(redactedUrl('/x?Token=a&%63ode=b&STATE=c')).toBe(
      '/x?Token=[redacted]&%63ode=[redacted]&STATE=[redacted]',
    )
  })

  it('redacts the value of a parameter whose name cannot be decoded, and keeps a bare name', () => {
    expect(redactedUrl('/x?%zz=secret&flag')).toBe('/x?%zz=[redacted]&flag')
  })
})
