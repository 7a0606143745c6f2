import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { HtmlContent } from '../../components/ui/html-content'
import { Skeleton } from '../../components/ui/skeleton'
import { helpQueryOptions } from '../../features/help/api/get-help'
import { HelpArticlesStyles } from './help-articles-styles'

/** The brand's help articles, grouped by category. */
export function HelpArticles() {
  const { t, i18n } = useLingui()
  const help = useQuery(helpQueryOptions(i18n.locale))
  if (!help.data) return <Skeleton lines={5} label={t`Loading`} />
  const categories = [...new Set(help.data.map((a) => a.category))]
  return (
    <>
      <HelpArticlesStyles />
      {categories.map((c) => (
        <section key={c} className="card">
          <h2>{c}</h2>
          {help.data
            .filter((a) => a.category === c)
            .map((a) => (
              <details key={a.id} className="help-article">
                <summary>{a.title}</summary>
                <HtmlContent html={a.content} className="rich-text" />
              </details>
            ))}
        </section>
      ))}
    </>
  )
}
