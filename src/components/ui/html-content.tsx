import { useMemo } from 'react'
import { sanitizeHtml } from '../../lib/sanitize'

/** Operator HTML, sanitized before it reaches the DOM. */
export function HtmlContent({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html])
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />
}
