import { ratePerMillion } from '#contract/contracts'

/** A contract's rate in parts per million as a percentage: 8000 is "0.8 %". */
export const percent = (rate: number) =>
  `${(rate / (ratePerMillion / 100)).toFixed(4).replace(/\.?0+$/, '')} %`
