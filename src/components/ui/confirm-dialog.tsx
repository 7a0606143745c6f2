import type { ReactNode } from 'react'
import { Modal } from './modal'

export interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  children: ReactNode
  confirmLabel: string
  cancelLabel: string
  closeLabel: string
  onConfirm: () => void
  onCancel: () => void
}

/** A yes/no question in a small modal; the safe answer has the focus first. */
export function ConfirmDialog(p: ConfirmDialogProps) {
  return (
    <Modal
      open={p.open}
      onClose={p.onCancel}
      title={p.title}
      closeLabel={p.closeLabel}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={p.onCancel} data-autofocus>
            {p.cancelLabel}
          </button>
          <button type="button" className="button button-primary" onClick={p.onConfirm}>
            {p.confirmLabel}
          </button>
        </>
      }
    >
      {p.children}
    </Modal>
  )
}
