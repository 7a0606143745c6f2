import { createFileRoute } from '@tanstack/react-router'
import { VnLotteryPage } from '../../features/lottery/components/vn-lottery-page'

export const Route = createFileRoute('/_bar/vnlottery')({
  loader: () => import('../../features/lottery/lottery-catalog').then((m) => m.loadLotteryCatalog()),
  component: VnLotteryPage,
})
