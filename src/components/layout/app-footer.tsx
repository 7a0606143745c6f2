import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

export function AppFooter({ brandName }: { brandName: string }) {
  const { t } = useLingui()
  const year = new Date().getFullYear()
  return (
    <footer className="app-footer">
      <nav aria-label={t`Footer`} className="footer-links">
        <Link to="/help">
          <Trans>Help</Trans>
        </Link>
        <Link to="/join">
          <Trans>Join us</Trans>
        </Link>
        <Link to="/down">
          <Trans>App download</Trans>
        </Link>
        <Link to="/promotions">
          <Trans>Promotions</Trans>
        </Link>
      </nav>
      <p>
        <span className="age-badge" aria-label={t`Adults only, 18 and over`}>
          18+
        </span>{' '}
        <Trans>Play responsibly. Customer service is open 24 hours.</Trans>
      </p>
      <p className="muted">
        © {year} {brandName}
      </p>
    </footer>
  )
}
