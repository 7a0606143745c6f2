/**
 * A lazy feature's stylesheet, kept in its own chunk (imported as `./x.css?inline`) and out
 * of the stylesheet the server writes into every page, which has to fit the first round trip
 * with the page (docs/decisions/005-server-rendered-shell.md).
 *
 * The feature's components render it: React 19 hoists a `<style href precedence>` into the
 * page once, however many components render it, before the content that needs it. The
 * server's render carries it too, so a page the server drew is styled from its first paint,
 * and the browser adopts the server's element when it hydrates (docs/decisions/015).
 */
export function FeatureStyles({ name, css }: { name: string; css: string }) {
  return (
    <style href={`feature-${name}`} precedence="feature">
      {css}
    </style>
  )
}
