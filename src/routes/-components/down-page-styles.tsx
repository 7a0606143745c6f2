// The feature's styles, written by React into the page where the feature is drawn (on the
// server too), not into every page (src/lib/feature-styles.tsx).
import { FeatureStyles } from '../../lib/feature-styles'
import css from './down-page.css?inline'

export function DownPageStyles() {
  return <FeatureStyles name="down-page" css={css} />
}
