/**
 * A lazy feature's stylesheet, written into the page when its code first runs, before it
 * draws anything: the popups, the member centre, the lottery pages and the game frame keep
 * their styles in their own chunks (imported as `./x.css?inline`), out of the stylesheet
 * the server writes into every page, which has to fit the first round trip with the page
 * (docs/decisions/005-server-rendered-shell.md). Added once per name, after the app's own
 * stylesheet, as the one stylesheet's later rules were.
 */
const added = new Set<string>()

export function addFeatureStyles(name: string, css: string): void {
  if (added.has(name) || typeof document === 'undefined') return
  added.add(name)
  const style = document.createElement('style')
  style.dataset.feature = name
  style.textContent = css
  document.head.append(style)
}
