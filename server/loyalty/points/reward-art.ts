/**
 * Generated art for the demo's point-mall rewards (decision 013): a card-shaped picture per
 * kind of reward, drawn from code, the same bytes every time, served as WebP by
 * `/media/rewards/<name>.webp`. A real brand's rewards carry the operator's own pictures.
 */

/** The pictures there are, by the name in their address. */
export const rewardArtNames = ['power-bank', 't-shirt', 'phone', 'cash', 'bonus', 'headset'] as const
export type RewardArtName = (typeof rewardArtNames)[number]

const hues: Record<RewardArtName, number> = {
  'power-bank': 200,
  't-shirt': 330,
  phone: 260,
  cash: 140,
  bonus: 35,
  headset: 10,
}

/** The object itself, drawn in a 120 × 120 box centred at (180, 110). */
const shapes: Record<RewardArtName, string> = {
  'power-bank':
    '<rect x="140" y="55" width="80" height="120" rx="14" fill="#fff"/><rect x="150" y="70" width="60" height="70" rx="6" fill="url(#g)"/><path d="M186 78l-18 30h14l-6 24 20-32h-14z" fill="#fff"/><circle cx="180" cy="158" r="6" fill="url(#g)"/>',
  't-shirt':
    '<path d="M150 60l-40 20 14 30 18-8v78h76v-78l18 8 14-30-40-20c-4 12-16 20-30 20s-26-8-30-20z" fill="#fff"/><circle cx="180" cy="125" r="14" fill="url(#g)"/>',
  phone:
    '<rect x="145" y="45" width="70" height="135" rx="14" fill="#fff"/><rect x="153" y="60" width="54" height="100" rx="4" fill="url(#g)"/><circle cx="180" cy="170" r="5" fill="url(#g)"/>',
  cash: '<rect x="110" y="70" width="140" height="80" rx="10" fill="#fff"/><circle cx="180" cy="110" r="24" fill="url(#g)"/><text x="180" y="119" font-family="system-ui,sans-serif" font-size="26" font-weight="800" fill="#fff" text-anchor="middle">$</text><circle cx="128" cy="88" r="6" fill="url(#g)"/><circle cx="232" cy="132" r="6" fill="url(#g)"/>',
  bonus:
    '<rect x="120" y="90" width="120" height="85" rx="8" fill="#fff"/><rect x="112" y="72" width="136" height="26" rx="6" fill="#fff"/><rect x="172" y="72" width="16" height="103" fill="url(#g)"/><path d="M180 72c-10-24-40-24-36-6 3 10 22 8 36 6zm0 0c10-24 40-24 36-6-3 10-22 8-36 6z" fill="#fff"/>',
  headset:
    '<path d="M130 125v-15a50 50 0 0 1 100 0v15" fill="none" stroke="#fff" stroke-width="12"/><rect x="118" y="118" width="28" height="48" rx="10" fill="#fff"/><rect x="214" y="118" width="28" height="48" rx="10" fill="#fff"/>',
}

export function rewardArt(name: RewardArtName): string {
  const hue = hues[name]
  const from = `hsl(${hue} 75% 52%)`
  const to = `hsl(${(hue + 40) % 360} 70% 30%)`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 220" width="360" height="220" role="img" aria-label="${name}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="360" height="220" fill="url(#g)"/>` +
    `<circle cx="300" cy="30" r="70" fill="#fff" fill-opacity=".08"/><circle cx="40" cy="200" r="60" fill="#fff" fill-opacity=".08"/>` +
    shapes[name] +
    '</svg>'
  )
}
