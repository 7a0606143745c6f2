/**
 * /agent: the agents' own way in. A visitor logs in here as an agent (a member is told
 * that only agents can); the agent centre then opens over this page on the team overview,
 * and a session begun here that ends by itself comes back here (src/lib/api.ts).
 */
import { Trans } from '@lingui/react/macro'
import { AgentLoginForm } from '../../features/identity/components/agent-login-form'
import { openModal } from '../../lib/modal-store'
import { isAgentType, useSession } from '../../lib/session'
import { AgentEntranceStyles } from './agent-entrance-styles'

export function AgentEntrance() {
  const { token, member } = useSession()
  const agent = token !== null && isAgentType(member?.type)
  const account = member?.account ?? ''
  return (
    <main className="page" aria-labelledby="agent-entrance-title">
      <AgentEntranceStyles />
      <div className="agent-entrance">
        <h1 id="agent-entrance-title">
          <Trans>Agent login</Trans>
        </h1>
        {agent ? (
          <div className="agent-entrance-in">
            <p>
              <Trans>You are logged in as {account}.</Trans>
            </p>
            <button
              type="button"
              className="button button-primary button-block"
              onClick={() => openModal('agentCentre', { agentPage: 'agentTeamOverview' })}
            >
              <Trans>Open the agent centre</Trans>
            </button>
          </div>
        ) : token !== null && member ? (
          <p role="status">
            <Trans>This account is not an agent. Log out first to log in as an agent.</Trans>
          </p>
        ) : (
          <>
            <p className="muted">
              <Trans>Log in with your agent account to see your team and send money to it.</Trans>
            </p>
            <AgentLoginForm />
          </>
        )}
      </div>
    </main>
  )
}
