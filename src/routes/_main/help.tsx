import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { HelpArticles } from '../-components/help-articles'

export const Route = createFileRoute('/_main/help')({
  component: () => (
    <main className="page">
      <h1>
        <Trans>Help centre</Trans>
      </h1>
      <HelpArticles />
    </main>
  ),
})
