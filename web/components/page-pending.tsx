import { useFrameHydrated } from '#web/lib/hydration.ts'

/** A page's place while its code and data load: the browser fills it in (signed-in pages, sign-in forms). */
export function PagePending() {
  useFrameHydrated()
  return (
    <div className="container-page py-10" aria-busy="true">
      <p className="sr-only" role="status">
        Loading…
      </p>
      <div className="h-8 w-48 animate-pulse rounded bg-slate-200" />
      <div className="mt-6 h-40 w-full animate-pulse rounded-xl bg-slate-100" />
    </div>
  )
}
