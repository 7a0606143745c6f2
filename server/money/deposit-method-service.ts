/**
 * Changes to a deposit method that the operator makes and the members see: the bank's QR
 * payload. The operator's command (`payment-method qr`) and any later back office call this,
 * so the payload is checked the same way and the change is audited.
 */
import { emvcoProblem, EmvcoPayloadSchema } from '#contract/emvco'
import type { Db } from '../plugins/external/db'
import type { AuditNote } from '../system/audit'
import { setDepositMethodQr } from './deposit-methods-repository'

export class DepositMethodError extends Error {}

/**
 * Sets (or, with null, clears) the method's QR payload: an EMVCo payload whose fields and CRC
 * hold, else a DepositMethodError saying what is wrong. Writes the audit entry with the change.
 */
export async function setMethodQr(
  deps: { db: Db; audit?: ((note: AuditNote) => void) | undefined },
  merchantCode: string,
  code: string,
  payload: string | null,
): Promise<void> {
  if (payload !== null) {
    const problem = emvcoProblem(payload)
    if (problem || !EmvcoPayloadSchema.safeParse(payload).success) {
      throw new DepositMethodError(`not an EMVCo QR payload: ${problem ?? 'invalid'}`)
    }
  }
  const was = await setDepositMethodQr(deps.db, merchantCode, code, payload)
  if (!was) throw new DepositMethodError(`no deposit method ${code} (see: payment-method list)`)
  deps.audit?.({
    target: `deposit method ${code}`,
    before: { qrPayload: was.qrPayload },
    after: { qrPayload: payload },
  })
}
