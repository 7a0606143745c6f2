/**
 * The bank's static QR (an EMVCo payload such as KHQR), drawn by the qrcode library as SVG
 * for the member to scan from a banking app. The library loads with the first QR; until it
 * has drawn, a placeholder of the same size holds the place (never a blank jump).
 */
import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'

export function PaymentQr({ payload, bankName }: { payload: string; bankName: string }) {
  const { t } = useLingui()
  const [drawn, setDrawn] = useState<{ payload: string; url: string } | null>(null)
  useEffect(() => {
    let live = true
    import('qrcode')
      .then((QRCode) => QRCode.toString(payload, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((markup) => {
        if (live) setDrawn({ payload, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` })
      })
      .catch(() => {
        // Without the library (offline, a failed chunk) the account details still serve.
      })
    return () => {
      live = false
    }
  }, [payload])
  const alt = t`QR code to pay ${bankName}`
  return drawn && drawn.payload === payload ? (
    <img className="payment-qr" src={drawn.url} alt={alt} width={176} height={176} />
  ) : (
    <span className="payment-qr payment-qr-waiting" role="img" aria-label={alt} />
  )
}
