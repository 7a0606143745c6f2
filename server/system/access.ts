/**
 * The access gate: maintenance, region restriction, blocked addresses and white-label
 * flags. Read from the database and cached for a couple of seconds per process, so an
 * operator's switch reaches every instance behind a load balancer within that time.
 */
import { BlockList, isIP } from 'node:net'
import { eq } from 'drizzle-orm'
import type { WhitelabelNode } from '#contract/system'
import * as s from '../db/schema'
import type { Db } from '../plugins/external/db'
import { buildTree, type FlatNode } from './system-repository'

export interface AccessSnapshot {
  maintenance: boolean
  maintenanceMessage: string | null
  maintenanceUntil: number | null
  blockedCountries: ReadonlySet<string>
  flags: ReadonlyMap<string, FlatNode>
  tree: WhitelabelNode[]
  loadedAt: number
}

export interface AccessVerdict {
  maintenance: boolean
  regionRestriction: boolean
  ipBlocked: boolean
}

/** Parses "1.2.3.4" or "10.0.0.0/8" (v4 or v6); undefined when it is neither. */
export function parseCidr(
  raw: string,
): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const parts = raw.trim().split('/')
  if (parts.length > 2) return undefined
  const [address = '', prefixText] = parts
  const v = isIP(address)
  if (v === 0) return undefined
  const family = v === 4 ? 'ipv4' : 'ipv6'
  const max = v === 4 ? 32 : 128
  if (prefixText === undefined) return { address, prefix: max, family }
  if (!/^\d{1,3}$/.test(prefixText)) return undefined
  const prefix = Number(prefixText)
  return prefix >= 0 && prefix <= max ? { address, prefix, family } : undefined
}

function judge(
  snap: AccessSnapshot,
  list: BlockList | null,
  ip: string,
  country: string | null,
): AccessVerdict {
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4'
  // NOTE: an IPv4 caller on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : undefined
  // Each check builds a socket address: none when nothing is blocked (every hot read asks).
  const ipBlocked =
    list !== null &&
    isIP(ip) !== 0 &&
    (list.check(ip, family) || (v4 !== undefined && list.check(v4, 'ipv4')))
  return {
    maintenance: snap.maintenance,
    regionRestriction: country !== null && snap.blockedCountries.has(country),
    ipBlocked,
  }
}

export function createAccessService(db: Db, ttlMs: number, now: () => number = Date.now) {
  const snapshots = new Map<string, Promise<AccessSnapshot>>()
  /** The snapshots read so far, for the synchronous verdict (`verdictNow`). */
  const loaded = new Map<string, AccessSnapshot>()
  let blocks: { list: BlockList | null; loadedAt: number } | undefined
  let blocksLoading: Promise<BlockList | null> | undefined

  async function loadSnapshot(merchantCode: string): Promise<AccessSnapshot> {
    const [settings] = await db
      .select()
      .from(s.accessSettings)
      .where(eq(s.accessSettings.merchantCode, merchantCode))
    const rows = await db
      .select({
        modId: s.whitelabelNodes.modId,
        parentModId: s.whitelabelNodes.parentModId,
        enabled: s.whitelabelNodes.enabled,
        sort: s.whitelabelNodes.sort,
      })
      .from(s.whitelabelNodes)
      .where(eq(s.whitelabelNodes.merchantCode, merchantCode))
    rows.sort((a, b) => a.sort - b.sort || a.modId.localeCompare(b.modId))
    return {
      maintenance: settings?.maintenance ?? false,
      maintenanceMessage: settings?.maintenanceMessage ?? null,
      maintenanceUntil: settings?.maintenanceUntil?.getTime() ?? null,
      blockedCountries: new Set(settings?.blockedCountries ?? []),
      flags: new Map(rows.map((r) => [r.modId, r])),
      tree: buildTree(rows),
      loadedAt: now(),
    }
  }

  /** The blocked addresses and ranges; null when there are none (no caller is checked then). */
  async function loadBlocks(): Promise<BlockList | null> {
    const rows = await db.select().from(s.ipBlocks)
    const list = new BlockList()
    let rules = 0
    for (const r of rows) {
      const c = parseCidr(r.cidr)
      if (!c) continue
      if (c.prefix === (c.family === 'ipv4' ? 32 : 128)) list.addAddress(c.address, c.family)
      else list.addSubnet(c.address, c.prefix, c.family)
      rules += 1
    }
    return rules > 0 ? list : null
  }

  async function snapshot(merchantCode: string): Promise<AccessSnapshot> {
    const cached = snapshots.get(merchantCode)
    if (cached) {
      const snap = await cached.catch(() => undefined)
      if (snap && now() - snap.loadedAt < ttlMs) return snap
    }
    const loading = loadSnapshot(merchantCode)
    snapshots.set(merchantCode, loading)
    loading.then(
      (snap) => {
        // Kept for the synchronous verdict unless an invalidation came in between.
        if (snapshots.get(merchantCode) === loading) loaded.set(merchantCode, snap)
      },
      () => snapshots.delete(merchantCode),
    )
    return loading
  }

  async function blockList(): Promise<BlockList | null> {
    if (blocks && now() - blocks.loadedAt < ttlMs) return blocks.list
    if (blocksLoading) return blocksLoading
    const loading = loadBlocks()
    blocksLoading = loading
    // Kept unless an invalidation came in between (the list it read may be the old one).
    loading.then(
      (list) => {
        if (blocksLoading !== loading) return
        blocks = { list, loadedAt: now() }
        blocksLoading = undefined
      },
      () => {
        if (blocksLoading === loading) blocksLoading = undefined
      },
    )
    return loading
  }

  return {
    snapshot,

    /** Whether a flag and every node above it are switched on. Unknown flags are off. */
    isEnabled(snap: AccessSnapshot, modId: string): boolean {
      let node = snap.flags.get(modId)
      const seen = new Set<string>()
      while (node) {
        if (!node.enabled || seen.has(node.modId)) return false
        seen.add(node.modId)
        if (node.parentModId === null) return true
        node = snap.flags.get(node.parentModId)
      }
      return false
    },

    async verdict(merchantCode: string, ip: string, country: string | null): Promise<AccessVerdict> {
      const snap = await snapshot(merchantCode)
      const list = await blockList()
      return judge(snap, list, ip, country)
    },

    /**
     * The verdict without a wait, when the brand's settings and the block list are both in
     * the cache and fresh (nearly every request); undefined when one must be read first.
     */
    verdictNow(merchantCode: string, ip: string, country: string | null): AccessVerdict | undefined {
      const snap = loaded.get(merchantCode)
      const at = now()
      if (!snap || at - snap.loadedAt >= ttlMs || !blocks || at - blocks.loadedAt >= ttlMs) return undefined
      return judge(snap, blocks.list, ip, country)
    },

    /** Drops the caches so the next request reads the database (after an operator change). */
    invalidate(): void {
      snapshots.clear()
      loaded.clear()
      blocks = undefined
      blocksLoading = undefined
    },
  }
}

export type AccessService = ReturnType<typeof createAccessService>
