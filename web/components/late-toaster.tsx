import { lazy, Suspense, useSyncExternalStore } from 'react'
import { toasterState } from '#web/lib/toaster-state.ts'

// The toaster mounts once code that raises toasts has loaded (web/lib/toast.ts): not with the page.
const Toaster = lazy(() => import('#web/lib/toast.ts').then((m) => ({ default: m.Toaster })))

/** The toasts' place in the page frame, mounted with the first toast. */
export function LateToaster() {
  const wanted = useSyncExternalStore(toasterState.subscribe, toasterState.get, () => false)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      {/* Below the navbar (about 4 rem), so a toast never hides it, on phones too. */}
      <Toaster richColors position="top-center" offset={{ top: 80 }} mobileOffset={{ top: 72 }} />
    </Suspense>
  )
}
