/**
 * "Signed-in devices" in My account (docs/decisions/034-remembered-devices.md): each device
 * where the member chose "Stay signed in", with its name, last use and address; "Sign out"
 * for one, and "Sign out everywhere", which ends every device and tab, this one too.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Device } from '#contract/devices'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormError } from '../../../components/ui/form-error'
import { QueryState } from '../../../components/ui/query-state'
import { errorText } from '../../../lib/error-messages'
import { showToast } from '../../../lib/toast-store'
import { useBrandDates } from '../../../lib/use-brand-dates'
import { useLogout } from '../../../lib/use-logout'
import { devicesQueryOptions, useDeviceSignOut, useSignOutEverywhere } from '../api/devices'

function DeviceRow({ device }: { device: Device }) {
  const { t, i18n } = useLingui()
  const signOut = useDeviceSignOut()
  const logout = useLogout()
  const dates = useBrandDates()
  const lastUsed = dates.dateTime(device.lastUsedAt)
  const address = device.lastIp
  return (
    <li className="device-row">
      <div className="device-facts">
        <strong>{device.name}</strong>
        {device.current ? (
          <span className="device-badge">
            <Trans>This device</Trans>
          </span>
        ) : null}
        <span className="device-meta">
          <Trans>
            Last used {lastUsed} from {address}
          </Trans>
        </span>
        <FormError text={signOut.error ? errorText(i18n, signOut.error) : undefined} />
      </div>
      <button
        type="button"
        className="button"
        disabled={signOut.isPending}
        aria-label={t`Sign out ${device.name}`}
        onClick={() => {
          // This device's own sign-out is the logout: the tab goes home signed out.
          if (device.current) {
            void logout()
            return
          }
          signOut.mutate(device.id, {
            onSuccess: () => showToast(t`${device.name} is signed out.`, 'success'),
          })
        }}
      >
        <Trans>Sign out</Trans>
      </button>
    </li>
  )
}

export function DevicesSection() {
  const { t, i18n } = useLingui()
  const devices = useQuery(devicesQueryOptions())
  const everywhere = useSignOutEverywhere()
  const logout = useLogout()
  const [asking, setAsking] = useState(false)
  return (
    <section className="devices" aria-labelledby="devices-title">
      <h3 id="devices-title">
        <Trans>Signed-in devices</Trans>
      </h3>
      <QueryState query={devices} lines={2}>
        {({ devices: list }) => (
          <>
            {list.length === 0 ? (
              <p className="devices-empty">
                <Trans>
                  No device stays signed in. Tick "Stay signed in on this device" when you log in.
                </Trans>
              </p>
            ) : (
              <ul className="device-list">
                {list.map((d) => (
                  <DeviceRow key={d.id} device={d} />
                ))}
              </ul>
            )}
            <FormError text={everywhere.error ? errorText(i18n, everywhere.error) : undefined} />
            <button
              type="button"
              className="button"
              disabled={everywhere.isPending}
              onClick={() => setAsking(true)}
            >
              <Trans>Sign out everywhere</Trans>
            </button>
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={asking}
        title={t`Sign out everywhere`}
        confirmLabel={t`Sign out everywhere`}
        cancelLabel={t`Cancel`}
        closeLabel={t`Close`}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false)
          everywhere.mutate(undefined, { onSuccess: () => void logout() })
        }}
      >
        <p>
          <Trans>Every phone and browser signed in to your account is signed out, this one too.</Trans>
        </p>
      </ConfirmDialog>
    </section>
  )
}
