/** Helpers of the play suites: launching through the API, the brand's wallet mode. */
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { LaunchSchema, type Launch } from '#contract/play'
import type { WalletMode } from '#contract/wallet-values'
import { merchants } from '#server/db/schema'
import type { TestServer } from './build-server'
import { tokenFromUrl } from './fake-vendor'
import { plainCall, valueOf } from './identity-helpers'

type Server = Pick<TestServer, 'app' | 'db'>

export const launchPath = '/wps/game/launchGame'

export function launchCall(
  server: Server,
  token: string | undefined,
  query: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const q = new URLSearchParams({ launchMode: 'GLS', ...query })
  return plainCall(server, 'GET', `${launchPath}?${q.toString()}`, token ? { token } : {})
}

export async function launched(
  server: Server,
  token: string,
  query: Record<string, string>,
): Promise<Launch> {
  return valueOf(await launchCall(server, token, query), (v) => LaunchSchema.parse(v))
}

/** Launches the game for the member and answers the player token its vendor got. */
export async function playerTokenOf(server: Server, token: string, gameId = 'DSL-0002'): Promise<string> {
  const l = await launched(server, token, { gameId, confirmTrans: '1' })
  return tokenFromUrl(l.content.game_url)
}

/** Switches the brand's wallet mode (the tests run without a settings cache). */
export async function setWalletMode(server: Server, merchantCode: string, mode: WalletMode): Promise<void> {
  await server.db.update(merchants).set({ walletMode: mode }).where(eq(merchants.code, merchantCode))
}
