/**
 * The app's one IndexedDB database (Dexie), opened by the service worker's lobby data
 * cache (src/sw/data-cache.ts explains what it holds and how it is evicted). No DOM here:
 * the worker imports it.
 */
import Dexie, { type EntityTable } from 'dexie'

export const dataCacheDbName = 'portal-data-cache'

/** The bookkeeping of one stored answer, apart from its body so eviction never reads bodies. */
export interface EntryMeta {
  key: string
  path: string
  /** When the network gave it (epoch ms): the age the page is told, and the expiry's clock. */
  storedAt: number
  /** Its last hit (epoch ms): the least recently used go first. */
  usedAt: number
  /** Its body's size in memory (UTF-16), for the byte cap. */
  bytes: number
}

export interface EntryBody {
  key: string
  /** The success envelope, as the server sent it. */
  body: string
}

export class DataCacheDb extends Dexie {
  meta!: EntityTable<EntryMeta, 'key'>
  bodies!: EntityTable<EntryBody, 'key'>
  constructor(name = dataCacheDbName) {
    super(name)
    this.version(1).stores({ meta: 'key, usedAt, storedAt', bodies: 'key' })
  }
}
