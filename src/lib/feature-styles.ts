/**
 * A lazy feature's stylesheet, written into the page when its code first runs, before it
 * draws: the popups, the member centre, the lottery pages and the game frame keep their
 * styles in their own chunks (imported as `./x.css?inline`), out of the stylesheet the
 * server writes into every page, which has to fit the first round trip with the page
 * (docs/decisions/005-server-rendered-shell.md). One element per name, after the app's own
 * stylesheet, as the one stylesheet's later rules were; run again (a module reloaded in
 * development), it takes the new text.
 */
const added = new Map<string, HTMLStyleElement>()

export function addFeatureStyles(name: string, css: string): void {
  if (typeof document === 'undefined') return
  const known = added.get(name)
  if (known) {
    if (known.textContent !== css) known.textContent = css
    return
  }
  const style = document.createElement('style')
  style.dataset.feature = name
  style.textContent = css
  document.head.append(style)
  added.set(name, style)
}
