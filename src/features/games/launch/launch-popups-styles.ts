// Written into the page when this chunk first runs, not into every page (src/lib/feature-styles.ts).
import { addFeatureStyles } from '../../../lib/feature-styles'
import css from './launch-popups.css?inline'

addFeatureStyles('launch-popups', css)
