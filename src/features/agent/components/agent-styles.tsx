// The agent centre's styles, written by React into the page where it is drawn, not into
// every page (src/lib/feature-styles.tsx).
import { FeatureStyles } from '../../../lib/feature-styles'
import css from './agent.css?inline'

export function AgentStyles() {
  return <FeatureStyles name="agent" css={css} />
}
