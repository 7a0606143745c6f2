import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { SideBar } from '../../components/layout/side-bar'
import { InstallButton } from '../../features/pwa/components/install-button'
import { useCustomerService } from '../../lib/customer-service'
import { openProtected } from '../../lib/guards'

/** Customer service, app download (with the install offer when the browser makes one), promotions. */
export function SiteSideBar() {
  // A member of a level with VIP service sees the brand's VIP customer service.
  const cs = useCustomerService() ?? []
  return (
    <SideBar>
      <ul className="side-links">
        {cs.map((c) => (
          <li key={`${c.csType}-${c.url}`}>
            <a href={c.url} target="_blank" rel="noopener noreferrer" className="side-link">
              {c.title}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="side-link" onClick={() => openProtected('memberCentre')}>
            <Trans>Member centre</Trans>
          </button>
        </li>
        <li>
          <Link to="/down" className="side-link">
            <Trans>App download</Trans>
          </Link>
        </li>
        <li>
          <Link to="/promotions" className="side-link">
            <Trans>Promotions</Trans>
          </Link>
        </li>
        <li>
          <InstallButton className="side-link side-install" />
        </li>
      </ul>
    </SideBar>
  )
}
