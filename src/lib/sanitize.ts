/**
 * HTML from the operator (announcements, promotions, help) is sanitized before it is
 * rendered: no scripts, no event handlers, no javascript: links; links open safely.
 */
import DOMPurify from 'dompurify'

let hooked = false

export function sanitizeHtml(html: string): string {
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
