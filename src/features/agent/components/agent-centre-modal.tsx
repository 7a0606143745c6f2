/**
 * The agent centre: its menu opens a page in the right-hand panel (team overview first),
 * whose name is in the URL (`?popup=agentCentre&agentPage=registerCenter`), so a reload keeps
 * it and Back leaves it as the member centre's does (docs/decisions/003-popups-as-routes.md).
 * Dividend, daily-wage, hourly and real-time salary entries show only when their flags are on; a link
 * to one that is off shows the first page. On a phone it opens on the list of pages, and a
 * page has a control back to the list. The team overview, register account, team management,
 * the three team reports (team betting, user loss, account details), my income, red envelope,
 * the agents' announcements and the dividend, daily wage, hourly and real-time salary
 * contracts have their pages (each its own chunk); the others show the empty state for now.
 * Register account shows with AGEREGDOWN3, CREATEAFF3 or AFFMAN3, my income with AGEREV3.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, type ReactNode } from 'react'
import { CentreLayout } from '../../../components/layout/centre-layout'
import { EmptyState } from '../../../components/ui/empty-state'
import { Modal } from '../../../components/ui/modal'
import { Skeleton } from '../../../components/ui/skeleton'
import { phoneQuery, useMediaQuery } from '../../../hooks/use-media-query'
import { setAgentCentrePage, useModals } from '../../../lib/modal-store'

type AgentPage =
  | 'agentAnnouncement'
  | 'agentTeamOverview'
  | 'registerCenter'
  | 'downlineManagmentView'
  | 'personalHistoryCopy'
  | 'palStatementsAgentCopy'
  | 'agentRevenueReport'
  | 'agentDownlineTransactionDetailsCopy'
  | 'agentRedRain'
  | 'agentDividendRecordCopy'
  | 'agentDailyWages2'
  | 'agentHourSalary'
  | 'agentRealTimeSalary'

function PageLabel({ page }: { page: AgentPage }): ReactNode {
  switch (page) {
    case 'agentAnnouncement':
      return <Trans>Agent announcements</Trans>
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
    case 'agentRedRain':
      return <Trans>Red envelope</Trans>
    case 'agentDividendRecordCopy':
      return <Trans>Dividend record</Trans>
    case 'agentDailyWages2':
      return <Trans>Daily wages</Trans>
    case 'agentHourSalary':
      return <Trans>Hourly salary</Trans>
    case 'agentRealTimeSalary':
      return <Trans>Real-time salary</Trans>
  }
}

export interface AgentFlags {
  /** AGEREGDOWN3, CREATEAFF3 or AFFMAN3: the agent may open accounts (register account). */
  registerCentre: boolean
  /** AGEREV3: my income. */
  income: boolean
  /** AGENTANNOUNCE3: the operator's announcements for agents. */
  announcements?: boolean
  /** AGENTRANSMULTDOWN3: money shared between several members (the red envelope). */
  redEnvelope: boolean
  enableCt: boolean
  salary: boolean
  hourSalary: boolean
  /** RTSALARY3: the real-time salary contract. */
  realTimeSalary: boolean
}

export function agentPages(flags: AgentFlags): AgentPage[] {
  return [
    ...(flags.announcements ? (['agentAnnouncement'] as const) : []),
    'agentTeamOverview',
    ...(flags.registerCentre ? (['registerCenter'] as const) : []),
    'downlineManagmentView',
    'personalHistoryCopy',
    'palStatementsAgentCopy',
    ...(flags.income ? (['agentRevenueReport'] as const) : []),
    'agentDownlineTransactionDetailsCopy',
    ...(flags.redEnvelope ? (['agentRedRain'] as const) : []),
    ...(flags.enableCt ? (['agentDividendRecordCopy'] as const) : []),
    ...(flags.salary ? (['agentDailyWages2'] as const) : []),
    ...(flags.hourSalary ? (['agentHourSalary'] as const) : []),
    ...(flags.realTimeSalary ? (['agentRealTimeSalary'] as const) : []),
  ]
}

const TeamOverviewPage = lazy(() =>
  import('./team-overview-page').then((m) => ({ default: m.TeamOverviewPage })),
)
const TeamManagementPage = lazy(() =>
  import('./team-management-page').then((m) => ({ default: m.TeamManagementPage })),
)
const TeamBetsPage = lazy(() => import('./team-bets-page').then((m) => ({ default: m.TeamBetsPage })))
const TeamProfitLossPage = lazy(() =>
  import('./team-profit-loss-page').then((m) => ({ default: m.TeamProfitLossPage })),
)
const TeamMovementsPage = lazy(() =>
  import('./team-movements-page').then((m) => ({ default: m.TeamMovementsPage })),
)
const RegisterAccountPage = lazy(() =>
  import('./register-account-page').then((m) => ({ default: m.RegisterAccountPage })),
)
const MyIncomePage = lazy(() => import('./my-income-page').then((m) => ({ default: m.MyIncomePage })))
const AgentAnnouncementsPage = lazy(() =>
  import('./agent-announcements-page').then((m) => ({ default: m.AgentAnnouncementsPage })),
)
const RedEnvelopePage = lazy(() =>
  import('./red-envelope-page').then((m) => ({ default: m.RedEnvelopePage })),
)
const ContractsPage = lazy(() => import('./contracts-page').then((m) => ({ default: m.ContractsPage })))

function PageContent({ page }: { page: AgentPage }) {
  switch (page) {
    case 'agentTeamOverview':
      return <TeamOverviewPage />
    case 'downlineManagmentView':
      return <TeamManagementPage />
    case 'personalHistoryCopy':
      return <TeamBetsPage />
    case 'palStatementsAgentCopy':
      return <TeamProfitLossPage />
    case 'agentDownlineTransactionDetailsCopy':
      return <TeamMovementsPage />
    case 'agentRedRain':
      return <RedEnvelopePage />
    case 'registerCenter':
      return <RegisterAccountPage />
    case 'agentRevenueReport':
      return <MyIncomePage />
    case 'agentAnnouncement':
      return <AgentAnnouncementsPage />
    case 'agentDividendRecordCopy':
      return <ContractsPage kind="dividend" />
    case 'agentDailyWages2':
      return <ContractsPage kind="dailySalary" />
    case 'agentHourSalary':
      return <ContractsPage kind="hourlySalary" />
    case 'agentRealTimeSalary':
      return <ContractsPage kind="realTimeSalary" />
    default:
      return <EmptyState title={<Trans>Nothing to show here yet.</Trans>} />
  }
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
  const pages = agentPages(flags)
  const { agentPage } = useModals()
  const chosen = pages.find((p) => p === agentPage)
  // On a phone the centre opens on its list of pages; on a desktop on the team overview.
  const page = chosen ?? (phone ? undefined : 'agentTeamOverview')
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
        // From the phone's list a page is a step of its own: Back returns to the list.
        onSelect={(p) => setAgentCentrePage(p, { push: phone && chosen === undefined })}
        label={(p) => <PageLabel page={p} />}
        back={phone ? { label: t`Back to menu`, onBack: () => setAgentCentrePage(undefined) } : undefined}
      >
        {page ? (
          <Suspense fallback={<Skeleton lines={6} label={t`Loading`} />}>
            <PageContent key={page} page={page} />
          </Suspense>
        ) : null}
      </CentreLayout>
    </Modal>
  )
}
