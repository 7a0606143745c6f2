// The feature's styles, written by React into the page where the feature is drawn (on the
// server too), not into every page (src/lib/feature-styles.tsx).
import { FeatureStyles } from '../../lib/feature-styles'
import css from './profile.css?inline'

export function ProfileStyles() {
  return <FeatureStyles name="profile" css={css} />
}
