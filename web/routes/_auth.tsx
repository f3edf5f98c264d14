import { createFileRoute, Outlet, type ParsedLocation, redirect } from '@tanstack/react-router'
import { browserPage, useFrameHydrated } from '#web/lib/hydration.ts'
import { sessionPageHeaders } from '#web/lib/page-head.ts'
import type { RouterContext } from '#web/routes/__root.tsx'

/** The signed-in guard: a visitor goes to /login, which brings them back here afterwards. */
export const Route = createFileRoute('/_auth')({
  // The dashboard is the browser's: the server, which does not know who is signed in, sends the
  // page frame with a placeholder, and the browser checks the session and renders the page.
  ...browserPage({
    guard: async ({ context, location }: { context: RouterContext; location: ParsedLocation }) => {
      const state = await context.auth.ready()
      if (state.status !== 'signedIn') throw redirect({ to: '/login', search: { redirect: location.href } })
      return { session: state }
    },
  }),
  headers: sessionPageHeaders,
  component: AuthFrame,
})

function AuthFrame() {
  useFrameHydrated()
  return <Outlet />
}
