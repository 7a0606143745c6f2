/**
 * The agent centre: its menu opens a page in the right-hand panel (team overview first).
 * Dividend, daily-wage and hourly-salary entries show only when their flags are on. On a
 * phone it opens on the list of pages, and a page has a control back to the list.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { CentreLayout } from '../../../components/layout/centre-layout'
import { EmptyState } from '../../../components/ui/empty-state'
import { Modal } from '../../../components/ui/modal'
import { phoneQuery, useMediaQuery } from '../../../hooks/use-media-query'

type AgentPage =
  | 'agentTeamOverview'
  | 'registerCenter'
  | 'downlineManagmentView'
  | 'personalHistoryCopy'
  | 'palStatementsAgentCopy'
  | 'agentRevenueReport'
  | 'agentDownlineTransactionDetailsCopy'
  | 'agentDividendRecordCopy'
  | 'agentDailyWages2'
  | 'agentHourSalary'

function PageLabel({ page }: { page: AgentPage }): ReactNode {
  switch (page) {
    case 'agentTeamOverview':
      return <Trans>Team overview</Trans>
    case 'registerCenter':
      return <Trans>Register account</Trans>
    case 'downlineManagmentView':
      return <Trans>Team management</Trans>
    case 'personalHistoryCopy':
      return <Trans>Team betting</Trans>
    case 'palStatementsAgentCopy':
      return <Trans>User loss</Trans>
    case 'agentRevenueReport':
      return <Trans>My income</Trans>
    case 'agentDownlineTransactionDetailsCopy':
      return <Trans>Account details</Trans>
    case 'agentDividendRecordCopy':
      return <Trans>Dividend record</Trans>
    case 'agentDailyWages2':
      return <Trans>Daily wages</Trans>
    case 'agentHourSalary':
      return <Trans>Hourly salary</Trans>
  }
}

export interface AgentFlags {
  enableCt: boolean
  salary: boolean
  hourSalary: boolean
}

export function agentPages(flags: AgentFlags): AgentPage[] {
  return [
    'agentTeamOverview',
    'registerCenter',
    'downlineManagmentView',
    'personalHistoryCopy',
    'palStatementsAgentCopy',
    'agentRevenueReport',
    'agentDownlineTransactionDetailsCopy',
    ...(flags.enableCt ? (['agentDividendRecordCopy'] as const) : []),
    ...(flags.salary ? (['agentDailyWages2'] as const) : []),
    ...(flags.hourSalary ? (['agentHourSalary'] as const) : []),
  ]
}

export function AgentCentreModal({
  open,
  onClose,
  flags,
}: {
  open: boolean
  onClose: () => void
  flags: AgentFlags
}) {
  const { t } = useLingui()
  const phone = useMediaQuery(phoneQuery)
  // On a phone the centre opens on its list of pages; on a desktop on the team overview.
  const [chosen, setPage] = useState<AgentPage | undefined>(undefined)
  const page = chosen ?? (phone ? undefined : 'agentTeamOverview')
  const pages = agentPages(flags)
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t`Agent centre`}
      closeLabel={t`Close`}
      size="full"
      closeOnBackdrop={false}
    >
      <CentreLayout
        menuLabel={t`Agent centre menu`}
        pages={pages}
        current={page}
        onSelect={setPage}
        label={(p) => <PageLabel page={p} />}
        back={phone ? { label: t`Back to menu`, onBack: () => setPage(undefined) } : undefined}
      >
        <EmptyState title={<Trans>Nothing to show here yet.</Trans>} />
      </CentreLayout>
    </Modal>
  )
}
