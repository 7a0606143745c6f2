import { useQuery } from '@tanstack/react-query'
import { isFlagEnabled } from '#contract/system'
import type { PopupProps } from '../../../lib/popup-registry'
import { statusQueryOptions } from '../../../lib/status-query'
import { AgentCentreModal } from './agent-centre-modal'

/** The agent centre with the brand's flags for its optional pages. */
export function AgentCentrePopup({ onClose }: PopupProps) {
  const status = useQuery(statusQueryOptions())
  const tree = status.data?.info.whitelabel ?? []
  return (
    <AgentCentreModal
      open
      onClose={onClose}
      flags={{
        registerCentre: (['AGEREGDOWN3', 'CREATEAFF3', 'AFFMAN3'] as const).some((f) =>
          isFlagEnabled(tree, f),
        ),
        income: isFlagEnabled(tree, 'AGEREV3'),
        announcements: isFlagEnabled(tree, 'AGENTANNOUNCE3'),
        redEnvelope: isFlagEnabled(tree, 'AGENTRANSMULTDOWN3'),
        enableCt: isFlagEnabled(tree, 'enableCt'),
        salary: isFlagEnabled(tree, 'salary'),
        hourSalary: isFlagEnabled(tree, 'hourSalary'),
        realTimeSalary: isFlagEnabled(tree, 'RTSALARY3'),
      }}
    />
  )
}
