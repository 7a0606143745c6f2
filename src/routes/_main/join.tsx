import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { EmptyState } from '../../components/ui/empty-state'
import { HtmlContent } from '../../components/ui/html-content'
import { Skeleton } from '../../components/ui/skeleton'
import { CustomerServiceList } from '../../features/brand/components/customer-service-list'
import { templatesQueryOptions } from '../../features/help/api/get-help'
import { useCustomerService } from '../../lib/customer-service'

export const Route = createFileRoute('/_main/join')({
  component: Join,
})

function Join() {
  const { t, i18n } = useLingui()
  const page = useQuery(templatesQueryOptions('joinUs', i18n.locale))
  const tpl = page.data?.[0]
  // Joining goes through customer service: its channels follow the text.
  const channels = useCustomerService()
  return (
    <main className="page">
      {!page.data ? (
        <Skeleton label={t`Loading`} />
      ) : tpl ? (
        <>
          <article className="card">
            <h1>{tpl.title}</h1>
            <HtmlContent html={tpl.content} className="rich-text" />
          </article>
          {channels ? <CustomerServiceList entries={channels} /> : null}
        </>
      ) : (
        <EmptyState title={<Trans>Nothing to show here yet.</Trans>} />
      )}
    </main>
  )
}
