/**
 * The agent's invitation: their code and the registration link carrying it, each with a
 * copy button, the link as a QR code to scan from another phone, and a share button where
 * the phone offers one. Shown on the team overview and in the member centre's invite-friends
 * page. The QR code's library (about 25 kB) loads only when a QR code is drawn.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { isFlagEnabled } from '#contract/system'
import { copyText } from '../../../lib/clipboard'
import { statusQueryOptions } from '../../../lib/status-query'
import { showToast } from '../../../lib/toast-store'
import { invitationQueryOptions } from '../api/get-invitation'
import { AgentStyles } from './agent-styles'
import { QueryView } from './query-view'

/** The QR code of a link, as an SVG data address; null until the library has loaded. */
export function useQrCode(text: string): string | null {
  const [svg, setSvg] = useState<{ text: string; url: string } | null>(null)
  useEffect(() => {
    let live = true
    import('qrcode')
      .then((QRCode) => QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => {
        if (live) setSvg({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` })
      })
      .catch(() => {
        // Without the library (offline, a failed chunk) the code and link still serve.
      })
    return () => {
      live = false
    }
  }, [text])
  return svg?.text === text ? svg.url : null
}

function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const { t } = useLingui()
  return (
    <button
      type="button"
      className="button invite-copy"
      aria-label={label}
      onClick={() => {
        void copyText(text).then((ok) =>
          showToast(
            ok ? done : t`Could not copy. Press and hold to copy it yourself.`,
            ok ? 'success' : 'error',
          ),
        )
      }}
    >
      <Trans>Copy</Trans>
    </button>
  )
}

/**
 * The card, when the brand has invitations on (AFFMAN3). A compact card (the team
 * overview's, above the figures) shows the QR code when asked, and loads its library then.
 */
export function InviteCard({
  compact = false,
  titled = true,
}: {
  compact?: boolean
  /** False under a page title that says it already (the member centre's page). */
  titled?: boolean
}) {
  const status = useQuery(statusQueryOptions())
  const on = isFlagEnabled(status.data?.info.whitelabel ?? [], 'AFFMAN3')
  return on ? <InviteCardContent compact={compact} titled={titled} /> : null
}

function InviteCardContent({ compact, titled }: { compact: boolean; titled: boolean }) {
  const { t } = useLingui()
  const invitation = useQuery(invitationQueryOptions())
  return (
    <section className="agent-card invite-card" aria-labelledby="invite-card-title">
      <AgentStyles />
      <h4 id="invite-card-title" className={titled ? undefined : 'visually-hidden'}>
        <Trans>Invite friends</Trans>
      </h4>
      <QueryView query={invitation} lines={3}>
        {(data) => (
          <InviteDetails
            {...data}
            compact={compact}
            shareText={t`Register with my invitation code ${data.referralCode}`}
          />
        )}
      </QueryView>
    </section>
  )
}

function InviteDetails({
  referralCode,
  registerUrl,
  totalInvitations,
  shareText,
  compact,
}: {
  referralCode: string
  registerUrl: string
  totalInvitations: number
  shareText: string
  compact: boolean
}) {
  const { t } = useLingui()
  const [qrShown, setQrShown] = useState(!compact)
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'
  return (
    <div className="invite-body">
      <p className="muted invite-lead">
        <Trans>Friends who register with your code or link join your team.</Trans>
      </p>
      <div className="invite-row">
        <div className="invite-value">
          <span className="muted invite-label">
            <Trans>Invitation code</Trans>
          </span>
          <strong className="invite-code">{referralCode}</strong>
        </div>
        <CopyButton
          text={referralCode}
          label={t`Copy the invitation code`}
          done={t`Invitation code copied`}
        />
      </div>
      <div className="invite-row">
        <div className="invite-value">
          <span className="muted invite-label">
            <Trans>Invitation link</Trans>
          </span>
          <a className="invite-link" href={registerUrl} target="_blank" rel="noreferrer">
            {registerUrl}
          </a>
        </div>
        <CopyButton text={registerUrl} label={t`Copy the invitation link`} done={t`Invitation link copied`} />
      </div>
      {qrShown ? <InviteQr url={registerUrl} /> : null}
      <div className="invite-foot">
        <span className="muted">
          <Trans>Members invited: {totalInvitations}</Trans>
        </span>
        {compact ? (
          <button
            type="button"
            className="button"
            aria-expanded={qrShown}
            onClick={() => setQrShown((shown) => !shown)}
          >
            {qrShown ? <Trans>Hide QR code</Trans> : <Trans>Show QR code</Trans>}
          </button>
        ) : null}
        {canShare ? (
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              navigator.share({ text: shareText, url: registerUrl }).catch(() => {
                // Closed by the player: nothing to do.
              })
            }}
          >
            <Trans>Share</Trans>
          </button>
        ) : null}
      </div>
    </div>
  )
}

function InviteQr({ url }: { url: string }) {
  const { t } = useLingui()
  const qr = useQrCode(url)
  return (
    <figure className="invite-qr">
      {qr ? (
        <img src={qr} width={168} height={168} alt={t`QR code of your invitation link`} />
      ) : (
        <div className="invite-qr-placeholder" aria-hidden="true" />
      )}
      <figcaption className="muted">
        <Trans>Scan to register</Trans>
      </figcaption>
    </figure>
  )
}
