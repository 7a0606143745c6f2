/**
 * The stylesheet text of a route's own chunks, from Vite's build manifest
 * (`.vite/manifest.json`): what a route-specific first screen (the games lobby's) writes into
 * the page, so it paints styled before the app loads the route. The app's own `<link>` to the
 * same files follows when the route loads, with no visible change.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod/mini'

const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.optional(z.boolean()),
    imports: z.optional(z.array(z.string())),
    css: z.optional(z.array(z.string())),
  }),
)

/** The games lobby's route (every lobby page draws the same GamesPage). */
export const lobbyRoute = 'src/routes/_main/rng.tsx?tsr-split=component'

/** The CSS of `route` and the chunks it imports (not the entry's, already in the page); '' without a manifest. */
export function routeStyles(staticDir: string, route: string): string {
  const file = path.join(staticDir, '.vite', 'manifest.json')
  if (!existsSync(file)) return ''
  const parsed = ManifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
  if (!parsed.success) return ''
  const manifest = parsed.data
  const seen = new Set<string>()
  const styles: string[] = []
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || chunk.isEntry || seen.has(key)) return
    seen.add(key)
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css)
    for (const next of chunk.imports ?? []) visit(next)
  }
  visit(route)
  return styles
    .map((f) => path.join(staticDir, f))
    .filter((f) => existsSync(f))
    .map((f) => readFileSync(f, 'utf8'))
    .filter((css) => !/<\/style/i.test(css))
    .join('\n')
}
