import { type ReactNode, useId, useLayoutEffect, useRef } from 'react'

type ModalProps = {
  open: boolean
  /** Called whenever the dialog closes: Esc, a close button, or `open` turning false. */
  onClose: () => void
  title: string
  description?: ReactNode
  /** While true Esc does not close the dialog (e.g. an order is being placed). */
  busy?: boolean
  /**
   * Called once it has closed, after the browser gave the focus back to what opened it: to move the
   * focus elsewhere when that is about to go (a row's button whose row changes).
   */
  afterClose?: () => void
  size?: 'sm' | 'lg'
  children: ReactNode
}

/**
 * A modal on the native <dialog> element: showModal() makes the rest of the page inert
 * (focus stays inside), Esc closes it and the browser gives focus back to whatever
 * opened it. The content mounts only while open, so forms start fresh every time.
 * The element marked `data-autofocus` gets the focus when it opens.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  busy = false,
  size = 'lg',
  afterClose,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const afterCloseRef = useRef(afterClose)
  afterCloseRef.current = afterClose
  const titleId = useId()
  const descriptionId = useId()

  // Layout effect: open and close in the same frame the content mounts or unmounts (no empty flash).
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
      afterCloseRef.current?.()
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onCancel={(e) => {
        if (busy) e.preventDefault()
      }}
      className={`m-auto w-[calc(100%-1.5rem)] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-ink/60 ${
        size === 'lg' ? 'max-w-lg' : 'max-w-sm'
      }`}
    >
      {open && (
        <div className="p-5 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <h2 id={titleId} className="text-xl font-bold text-ink">
                {title}
              </h2>
              {description && (
                <div id={descriptionId} className="mt-1 text-sm text-slate-600">
                  {description}
                </div>
              )}
            </div>
            <button
              type="button"
              className="-m-1 shrink-0 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-50"
              onClick={onClose}
              disabled={busy}
              aria-label="Close"
            >
              <svg
                width="20"
                height="20"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                aria-hidden="true"
              >
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </div>
          <div className="mt-5">{children}</div>
        </div>
      )}
    </dialog>
  )
}
