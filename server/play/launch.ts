/**
 * Launching a game. For a member (agents too) and a trial (guest) account, which plays the
 * games that have free play with its play money, from its main wallet, and is refused any
 * other with in_need_true_account:
 * 1. the game must exist and be a game (a VASSALAGE entry opens the vendor's list in the
 *    PWA instead): game_not_found;
 * 2. its vendor must have an adapter on this install (vendor_not_found) and not be under
 *    maintenance (vendor_under_maintenance, with when it ends);
 * 3. the wallet the game plays from — main in single-wallet mode, the vendor's own in
 *    multi-wallet mode — must hold money (launch_game_balance_not_enough, with both
 *    balances, so the PWA offers a deposit or a transfer). In multi-wallet mode the member
 *    who confirmed the transfer offer (confirmTrans=1) launches as long as any of the two
 *    wallets has money: the PWA moves money with the wallet.transfer row first, and the
 *    platform never moves money on a launch;
 * 4. a game session (an opaque player token for the vendor's wallet calls) is written with
 *    the recent-games row, and the adapter gives the address, put on a launch CDN host.
 * A trial launch (public) needs a game with free play and gives the vendor no token.
 */
import { z } from 'zod/mini'
import { GameTypeSchema, gameTypeRoutes, type GameType } from '#contract/games'
import type { Locale } from '#contract/locales'
import { minorToMoney } from '#contract/money'
import type { Launch, LaunchBalanceValue, LaunchQuery } from '#contract/play'
import { mainAccountTypeId } from '#contract/wallet'
import { createGamesRepository, vendorInMaintenance, type GameWithVendor } from '../games/games-repository'
import { toWireGame } from '../games/wire'
import { AppError } from '../http/errors'
import type { HotReads } from '../http/hot-reads'
import { currencyOf, type MerchantRow } from '../money/common'
import type { Ledger } from '../money/ledger'
import type { MoneySettings } from '../money/settings'
import type { Db } from '../plugins/external/db'
import type { SystemRepository } from '../system/system-repository'
import type { LaunchAnswer, LaunchRequest, VendorAdapter } from '../vendors/adapter'
import type { VendorRegistry } from '../vendors/registry'
import { createWalletRepository } from '../vendors/wallet-repository'

/** How long a launch's player token opens new rounds. */
export const gameSessionMs = 12 * 3_600_000

/** Where each game type's lobby is in the portal (the game frame's way back). */
const lobbyOf: Readonly<Record<GameType, string>> = gameTypeRoutes

/** An address a vendor may answer: a path on the platform's origin, or https. */
const launchUrl = () =>
  z.string().check(
    z.maxLength(2048),
    z.refine(
      (u) => (u.startsWith('/') && !u.startsWith('//')) || u.startsWith('https://'),
      'not a launch address',
    ),
  )
const LaunchAnswerSchema = z.object({ url: launchUrl(), url2: z.optional(launchUrl()) })

export interface LaunchDeps {
  db: Db
  ledger: Ledger
  settings: MoneySettings
  registry: VendorRegistry
  system: SystemRepository
  hotReads: HotReads
  now: () => Date
  random?: () => number
}

export interface Launcher {
  username: string
  memberId: number
  /** A trial account: free-play games only, with its play money. */
  guest: boolean
}

export function createLaunchService(deps: LaunchDeps) {
  const { db, ledger, settings, registry, system, hotReads, now } = deps
  const random = deps.random ?? Math.random
  const games = createGamesRepository(db)
  const sessions = createWalletRepository(db)

  async function playable(merchantCode: string, gameId: string, vassalage: string | undefined) {
    const found = await games.byCode(merchantCode, gameId)
    if (!found || found.game.isGame !== 'GAME' || (vassalage && vassalage !== found.game.vassalage)) {
      throw new AppError('game_not_found', `no game ${gameId}`)
    }
    const gameType = GameTypeSchema.safeParse(found.game.gameType)
    if (!gameType.success) throw new AppError('game_not_found', `no game ${gameId}`)
    const at = now()
    const adapter = registry.adapterFor(merchantCode, found.game.vassalage)
    if (!adapter) throw new AppError('vendor_not_found', `no vendor ${found.game.vassalage} on this install`)
    if (vendorInMaintenance(found.vendor, at)) {
      const v = found.vendor
      throw new AppError('vendor_under_maintenance', `${v.name} is under maintenance`, {
        content: {
          data: {
            maintainTime: v.maintenance ? null : (v.maintenanceUntil?.getTime() ?? null),
            gameType: gameType.data,
            vassalage: v.vassalage,
          },
        },
      })
    }
    return { found, gameType: gameType.data, adapter, at }
  }

  /** The adapter's address, checked, with a relative one put on a launch CDN host. */
  async function addressOf(
    merchantCode: string,
    adapter: VendorAdapter,
    req: LaunchRequest,
    found: GameWithVendor,
    at: Date,
  ): Promise<Launch> {
    let given: LaunchAnswer
    try {
      given = await adapter.launch(req)
    } catch (err) {
      const refused = new AppError(
        'service_unavailable',
        'the game vendor did not answer; try again',
        undefined,
        {
          'retry-after': '5',
        },
      )
      refused.cause = err
      throw refused
    }
    const checked = LaunchAnswerSchema.safeParse(given)
    if (!checked.success)
      throw new Error(`vendor adapter ${adapter.id} answered an address outside its contract`)
    const hosts = await hotReads.value(merchantCode, 'play.launchCDNs', () =>
      system.cdns(merchantCode, 'launchGame'),
    )
    const host = hosts.length > 0 ? (hosts[Math.floor(random() * hosts.length)] ?? '') : ''
    const onHost = (url: string) => (url.startsWith('/') ? `${host.replace(/\/+$/, '')}${url}` : url)
    return {
      content: {
        game_url: onHost(checked.data.url),
        ...(checked.data.url2 === undefined ? {} : { game_url2: onHost(checked.data.url2) }),
      },
      game: toWireGame(found, at),
    }
  }

  function requestOf(
    m: MerchantRow,
    found: GameWithVendor,
    gameType: GameType,
    q: {
      platform: LaunchRequest['platform']
      language?: string | undefined
      roomId?: string
      matchId?: string
    },
    locale: Locale,
    who: { playerToken: string | null; displayName: string },
  ): LaunchRequest {
    return {
      merchantCode: m.code,
      ...who,
      game: {
        code: found.game.code,
        name: found.game.name,
        gameType,
        vassalage: found.game.vassalage,
        subType: found.game.subType,
      },
      currency: { code: m.currency, decimals: m.currencyDecimals },
      language: q.language ?? locale,
      platform: q.platform,
      roomId: q.roomId,
      matchId: q.matchId,
      lobbyPath: lobbyOf[gameType],
    }
  }

  return {
    /** A member's launch for real money (or free play, when they ask for it and the game has it). */
    async launch(merchantCode: string, who: Launcher, q: LaunchQuery, locale: Locale): Promise<Launch> {
      const { found, gameType, adapter, at } = await playable(merchantCode, q.gameId, q.vassalage)
      if (who.guest && !found.game.freeplay) {
        throw new AppError('in_need_true_account', 'a real account is needed for this game')
      }
      const m = await settings.merchant(merchantCode)
      if (!q.accountType) {
        if (!found.game.freeplay) throw new AppError('game_trial_unavailable', 'this game has no free play')
        const req = requestOf(m, found, gameType, q, locale, { playerToken: null, displayName: who.username })
        return addressOf(merchantCode, adapter, req, found, at)
      }
      // Play money is in the trial account's main wallet, whatever the brand's wallet mode.
      const single = m.walletMode === 'SINGLE' || who.guest
      const accountTypeId = single ? mainAccountTypeId : found.vendor.accountTypeId
      const held = new Map(
        (await ledger.memberWallets(db, m.code, who.memberId)).map(
          (w) => [w.accountTypeId, w.balance] as const,
        ),
      )
      const balance = held.get(accountTypeId) ?? 0n
      const main = held.get(mainAccountTypeId) ?? 0n
      const enough = balance > 0n || (!single && q.confirmTrans && main > 0n)
      if (!enough) {
        const value: LaunchBalanceValue = {
          walletMode: m.walletMode,
          accountTypeId,
          balance: minorToMoney(balance, currencyOf(m)),
          mainBalance: minorToMoney(main, currencyOf(m)),
        }
        throw new AppError(
          'launch_game_balance_not_enough',
          'the wallet this game plays from is empty',
          value,
        )
      }
      const token = await db.transaction(async (tx) => {
        const made = await sessions.createSession(
          {
            merchantCode: m.code,
            memberId: who.memberId,
            vendorId: adapter.id,
            vassalage: found.game.vassalage,
            gameType,
            gameCode: found.game.code,
            accountTypeId,
            vendorAccountTypeId: found.vendor.accountTypeId,
            createdAt: at,
            expiresAt: new Date(at.getTime() + gameSessionMs),
          },
          tx,
        )
        await games.touchRecent(who.memberId, found.game.id, at, tx)
        return made.token
      })
      const req = requestOf(m, found, gameType, q, locale, { playerToken: token, displayName: who.username })
      return addressOf(merchantCode, adapter, req, found, at)
    },

    /** A visitor's free play: no session, no token, no money. */
    async trial(
      merchantCode: string,
      q: {
        gameId: string
        vassalage?: string | undefined
        platform: LaunchRequest['platform']
        language?: string
      },
      locale: Locale,
    ): Promise<Launch> {
      const { found, gameType, adapter, at } = await playable(merchantCode, q.gameId, q.vassalage)
      if (!found.game.freeplay) throw new AppError('game_trial_unavailable', 'this game has no free play')
      const m = await settings.merchant(merchantCode)
      const req = requestOf(m, found, gameType, q, locale, { playerToken: null, displayName: 'Guest' })
      return addressOf(merchantCode, adapter, req, found, at)
    },
  }
}

export type LaunchService = ReturnType<typeof createLaunchService>
