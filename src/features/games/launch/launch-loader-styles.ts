// Written into the page when this chunk first runs, not into every page (src/lib/feature-styles.ts).
import { addFeatureStyles } from '../../../lib/feature-styles'
import css from './launch-loader.css?inline'

addFeatureStyles('launch-loader', css)
