/** A wallet's name: the main wallet in the member's language, a vendor wallet by its vendor. */
import { Trans } from '@lingui/react/macro'
import { mainAccountTypeId } from '#contract/wallet'

export function WalletName({ accountTypeId, name }: { accountTypeId: number; name: string }) {
  return accountTypeId === mainAccountTypeId ? <Trans>Main wallet</Trans> : <>{name}</>
}
