/**
 * The member centre's entries for the point mall: choosing one goes to /pointMall on its tab
 * (which closes the centre, whose state is in the address), replacing the centre's entry so
 * Back returns to the page the centre was opened over; a link stays for when it is not followed.
 */
import { Trans } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'

function Opener({ tab, children }: { tab: 'history' | 'details'; children: React.ReactNode }) {
  const navigate = useNavigate()
  useEffect(() => {
    void navigate({ to: '/pointMall', search: { tab }, replace: true })
  }, [navigate, tab])
  return (
    <p>
      <Link to="/pointMall" search={{ tab }}>
        {children}
      </Link>
    </p>
  )
}

export function RedeemHistoryLink() {
  return (
    <Opener tab="history">
      <Trans>Open the redeem history</Trans>
    </Opener>
  )
}

export function PointDetailsLink() {
  return (
    <Opener tab="details">
      <Trans>Open the points details</Trans>
    </Opener>
  )
}
