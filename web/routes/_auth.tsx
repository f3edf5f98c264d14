import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'

/** The signed-in guard: a visitor goes to /login, which brings them back here afterwards. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    const state = await context.auth.ready()
    if (state.status !== 'signedIn') throw redirect({ to: '/login', search: { redirect: location.href } })
    return { session: state }
  },
  component: Outlet,
})
