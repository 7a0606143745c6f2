/** The seed's unit: a named step that runs once per brand, its marker and data together. */
import type { Db, Tx } from '../plugins/external/db'
import * as s from './schema'

/**
 * Runs one named seed step once per brand: its marker row and its data commit together.
 * Later releases add steps; an existing install gets only the steps it has not had.
 */
export async function step(
  db: Db,
  name: string,
  merchantCode: string,
  run: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marker = await tx
      .insert(s.seedRuns)
      .values({ name: `${name}:${merchantCode}`, rows: 0 })
      .onConflictDoNothing()
      .returning()
    if (marker.length === 0) return false
    await run(tx)
    return true
  })
}
