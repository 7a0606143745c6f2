/**
 * Collects every feature's popups and member-centre pages: each feature lists its own in
 * `src/features/<name>/popups.ts(x)` (or a part's, `src/features/<name>/<part>/popups.ts(x)`),
 * so a new one touches no shared file.
 */
import { registerPopups, type FeaturePopups } from '../../lib/popup-registry'

// A feature with parts (loyalty/vip, loyalty/points) lists each part's own.
const features = import.meta.glob<FeaturePopups>(
  ['../../features/*/popups.{ts,tsx}', '../../features/*/*/popups.{ts,tsx}'],
  {
    eager: true,
    import: 'popups',
  },
)

registerPopups(Object.values(features))
