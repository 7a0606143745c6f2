// The feature's styles, written by React into the page where the feature is drawn (on the
// server too), not into every page (src/lib/feature-styles.tsx). One stylesheet, joined in the
// order of its cascade: a later part may restate an earlier one's rule (elott.css widens the
// prize modes on a wide screen).
import { FeatureStyles } from '../../../lib/feature-styles'
import slip from './bet-slip.css?inline'
import elott from './elott.css?inline'
import page from './lottery.css?inline'
import results from './results.css?inline'
import vn from './vn-lottery.css?inline'

const css = page + slip + results + vn + elott

export function LotteryStyles() {
  return <FeatureStyles name="lottery" css={css} />
}
