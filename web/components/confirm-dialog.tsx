import type { ReactNode } from 'react'
import { Modal } from './modal'

/**
 * "Delete this …?": a small dialog whose safe choice has the focus and whose other choice does the
 * irreversible thing (red), or the weighty one (`tone="primary"`: a payment recorded, a role given);
 * both wait while it runs.
 */
export function ConfirmDialog({
  open,
  onClose,
  busy,
  title,
  description,
  keepLabel = 'Keep it',
  confirmLabel,
  busyLabel,
  onConfirm,
  tone = 'danger',
}: {
  open: boolean
  onClose: () => void
  busy: boolean
  title: string
  description: ReactNode
  keepLabel?: string
  confirmLabel: string
  busyLabel: string
  onConfirm: () => void
  tone?: 'danger' | 'primary'
}) {
  return (
    <Modal open={open} onClose={onClose} busy={busy} size="sm" title={title} description={description}>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-ghost" data-autofocus onClick={onClose} disabled={busy}>
          {keepLabel}
        </button>
        <button
          type="button"
          className={tone === 'danger' ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}
          disabled={busy}
          onClick={onConfirm}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  )
}
