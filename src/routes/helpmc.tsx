import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { HelpArticles } from './-components/help-articles'

/** Member-centre help: no header, for the member centre and the installed app. */
export const Route = createFileRoute('/helpmc')({
  component: () => (
    <main className="page">
      <h1>
        <Trans>Help centre</Trans>
      </h1>
      <HelpArticles />
    </main>
  ),
})
