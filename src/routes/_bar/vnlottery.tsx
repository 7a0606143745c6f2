import { createFileRoute } from '@tanstack/react-router'
import { LotteryWinners } from '../-components/lottery-winners'
import { VnLotteryPage } from '../../features/lottery/components/vn-lottery-page'

const lotteryTypes = ['LOTT'] as const

export const Route = createFileRoute('/_bar/vnlottery')({
  loader: () => import('../../features/lottery/lottery-catalog').then((m) => m.loadLotteryCatalog()),
  component: function VnLottery() {
    return <VnLotteryPage winners={<LotteryWinners gameTypes={lotteryTypes} />} />
  },
})
