import { QueryClientProvider } from '@tanstack/react-query'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { type ReactNode, StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { browserQueryClient, hydrateQueriesFromPage, setQueryClientLoader } from './lib/browser-query-client'
import { session } from './lib/session'
import { createAppRouter } from './router'
import './styles.css'

session.boot()
setQueryClientLoader(() => import('./lib/query-client'))

const router = createAppRouter({
  queryClient: browserQueryClient,
  origin: window.location.origin,
  Wrap: ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={browserQueryClient}>{children}</QueryClientProvider>
  ),
})
hydrateQueriesFromPage(router)
session.setNavigator((to) => router.navigate({ to: '/login', search: { redirect: to } }))

// The Worker rendered this document (public pages whole, signed-in pages as the frame around a
// placeholder): the app takes it over where it stands. In a transition, so hydration yields to the
// browser every few milliseconds instead of holding the main thread (the page is already visible).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
  )
})
