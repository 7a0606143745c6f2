/**
 * HTML from the operator (announcements, promotions, help) is sanitized before it is
 * rendered: no scripts, no event handlers, no javascript: links; links open safely.
 */
import DOMPurify, { type DOMPurify as Purifier, type WindowLike } from 'dompurify'

let purifier: Purifier = DOMPurify
let hooked = false

/**
 * The window the server sanitizes in (jsdom's; server/http/shell.ts): the same DOMPurify,
 * with the same rules, as the browser's, so both sides draw the same markup.
 */
export function sanitizeWith(window: WindowLike): void {
  purifier = DOMPurify(window)
  hooked = false
  recent.clear()
}

/**
 * The last answers, by their HTML: a popup that sanitized its first notice ahead, in a task of
 * its own, draws it without doing the work again; an operator's page reopened is not redone.
 */
const recent = new Map<string, string>()
const recentMax = 32

export function sanitizeHtml(html: string): string {
  const known = recent.get(html)
  if (known !== undefined) return known
  const clean = sanitize(html)
  if (recent.size >= recentMax) recent.delete(recent.keys().next().value as string)
  recent.set(html, clean)
  return clean
}

function sanitize(html: string): string {
  // Never the operator's HTML as it came: without a DOM to sanitize in, nothing is drawn.
  if (!purifier.isSupported) throw new Error('no DOM to sanitize HTML in')
  if (!hooked) {
    purifier.addHook('afterSanitizeAttributes', (node) => {
      // An element of whichever window sanitizes (the server's is jsdom's, with its own Element).
      if (node.nodeName !== 'A' || !('getAttribute' in node)) return
      if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer')
      else node.removeAttribute('target')
    })
    hooked = true
  }
  return purifier.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  })
}
