import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { PagePending } from '#web/components/page-pending.tsx'
import { hydrated, useFrameHydrated } from '#web/lib/hydration.ts'

/** The signed-in guard: a visitor goes to /login, which brings them back here afterwards. */
export const Route = createFileRoute('/_auth')({
  // The dashboard is the browser's: the server, which does not know who is signed in, sends the
  // page frame with a placeholder, and the browser checks the session and renders the page.
  ssr: false,
  headers: () => ({ 'X-Robots-Tag': 'noindex' }),
  beforeLoad: async ({ context, location }) => {
    const state = await context.auth.ready()
    if (state.status !== 'signedIn') {
      await hydrated
      throw redirect({ to: '/login', search: { redirect: location.href } })
    }
    return { session: state }
  },
  pendingComponent: PagePending,
  component: AuthFrame,
})

function AuthFrame() {
  useFrameHydrated()
  return <Outlet />
}
