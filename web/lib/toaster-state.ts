/**
 * Whether the page needs its toaster yet. The toaster (sonner, 10 kB gz, and the styles it adds to
 * the page) mounts only once some code that can raise a toast has loaded (web/lib/toast.ts says so
 * when it does), not with every page: most visits never show one.
 */
let wanted = false
const listeners = new Set<() => void>()

export const toasterState = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  get: () => wanted,
}

/** Mounts the toaster (once). */
export function wantToaster() {
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}
