/**
 * The page's first script (the server's shell names it instead of the app's, and the app's
 * in its `data-app`): once the server's first screen has shown its lead picture (the first
 * banner, a lobby's first tiles; lib/first-screen-paint.ts), it adds the app's module
 * script. Until then the app's code (about 80 kB compressed) neither takes the network from
 * that picture nor the main thread from showing it; the first screen's links work meanwhile.
 *
 * Meanwhile it notes a tap on a game tile, which the app carries out once it has taken over.
 *
 * A build entry of its own, kept out of the app's chunk (vite.config.ts): well under 1 kB.
 */
import { recordEarlyTaps } from './lib/early-tap-record'
import { firstScreenPainted } from './lib/first-screen-paint'

// A tap on a game before the app has taken over is carried over to it (lib/early-tap.ts).
const screen = document.getElementById('root')
if (screen) recordEarlyTaps(screen)

const tag = document.querySelector<HTMLScriptElement>('script[data-app]')
const app = tag?.dataset.app
// Only the app's own built module under /assets/ (the shell writes it; nothing else is run).
if (app && /^\/assets\/[\w.-]+\.js$/.test(app)) {
  await firstScreenPainted()
  // When the app's code was asked for, for the page's own timing (and the e2e test).
  performance.mark('portal:app-start')
  const script = document.createElement('script')
  script.type = 'module'
  script.crossOrigin = ''
  script.src = app
  document.head.append(script)
}
