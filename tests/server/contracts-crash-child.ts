/**
 * The settlement run a crash test kills (tests/server/contracts-crash.test.ts): the daily
 * salary's due periods settled on the database the environment names, by the service as
 * the app wires it, at CRASH_NOW. With CRASH_HOLD_CHUNK=n, the run stops inside the n-th
 * chunk's transaction once its payments, movements and notices are written and before it
 * commits, says `holding chunk n` on stdout, and waits there to be killed: a crash that
 * lands midway every time. Its notice writer is the plain one, wrapped to stop; nothing in
 * the product knows of it.
 */
import { sweptNotices, type NoticeWriter } from '#server/notify/notices'
import { openDatabase } from '#server/plugins/external/db'
import { settlementOn } from './contracts-settle-setup'

const url = process.env.CRASH_DATABASE_URL
const dataDir = process.env.CRASH_DATA_DIR
const now = new Date(process.env.CRASH_NOW ?? '')
const holdAt = Number(process.env.CRASH_HOLD_CHUNK ?? 0)
if (Number.isNaN(now.getTime()) || (!url && !dataDir)) {
  throw new Error('CRASH_NOW and CRASH_DATABASE_URL or CRASH_DATA_DIR are needed')
}

const database = await openDatabase(url ? { databaseUrl: url, poolMax: 2 } : { dataDir })
let chunks = 0
const notices: NoticeWriter = {
  record: (tx, n) => sweptNotices.record(tx, n),
  async recordMany(tx, ns) {
    await sweptNotices.recordMany(tx, ns)
    chunks += 1
    if (chunks !== holdAt) return
    process.stdout.write(`holding chunk ${chunks}\n`)
    // Held open until the process is killed (the timer keeps it alive meanwhile).
    setInterval(() => undefined, 60_000)
    await new Promise<never>(() => undefined)
  },
}
const done = await settlementOn(database.db, () => now, notices).settleDue(['dailySalary'])
process.stdout.write(`settled ${done.reduce((s, p) => s + p.written, 0)} payments\n`)
await database.close()
