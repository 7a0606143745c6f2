// The page's styles, written by React into the page where it is drawn (on the server too),
// not into every page (src/lib/feature-styles.tsx).
import { FeatureStyles } from '../../lib/feature-styles'
import css from './agent-entrance.css?inline'

export function AgentEntranceStyles() {
  return <FeatureStyles name="agent-entrance" css={css} />
}
