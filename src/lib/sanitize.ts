/**
 * HTML from the operator (announcements, promotions, help) is sanitized before it is
 * rendered: no scripts, no event handlers, no javascript: links; links open safely.
 */
import DOMPurify from 'dompurify'

let hooked = false

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
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName !== 'A' || !(node instanceof Element)) return
      if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer')
      else node.removeAttribute('target')
    })
    hooked = true
  }
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  })
}
