import { createFileRoute } from '@tanstack/react-router'
import { VnLotteryPage } from '../../features/lottery/components/vn-lottery-page'
import { LotteryWinners } from '../-components/lottery-winners'

const lotteryTypes = ['LOTT'] as const

export const Route = createFileRoute('/_bar/vnlottery')({
  loader: () => import('../../features/lottery/lottery-catalog').then((m) => m.loadLotteryCatalog()),
  component: function VnLottery() {
    return <VnLotteryPage winners={<LotteryWinners gameTypes={lotteryTypes} />} />
  },
})
