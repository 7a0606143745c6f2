import { createFileRoute } from '@tanstack/react-router'
import { AgentEntrance } from '../-components/agent-entrance'

/** The agent entrance: an agents-only login that opens the agent centre. */
export const Route = createFileRoute('/_main/agent')({
  component: AgentEntrance,
})
