import { createFileRoute } from '@tanstack/react-router'
import { DownPage } from '../-components/down-page'

/** App download: install offers, the iOS guide and profile, the site's QR code. */
export const Route = createFileRoute('/_main/down')({
  component: DownPage,
})
