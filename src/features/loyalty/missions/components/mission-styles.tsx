// The missions' styles, written by React into the page where the hub is drawn
// (src/lib/feature-styles.tsx), not into every page.
import { FeatureStyles } from '../../../../lib/feature-styles'
import css from './missions.css?inline'

export function MissionStyles() {
  return <FeatureStyles name="missions" css={css} />
}
