import { createFileRoute } from '@tanstack/react-router'
import { VnLotteryPage } from '../../features/lottery/components/vn-lottery-page'

export const Route = createFileRoute('/_bar/vnlottery')({
  component: VnLotteryPage,
})
