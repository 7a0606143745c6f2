// Written into the page when this chunk first runs, not into every page (src/lib/feature-styles.ts).
import { addFeatureStyles } from '../../lib/feature-styles'
import css from './down-page.css?inline'

addFeatureStyles('down-page', css)
