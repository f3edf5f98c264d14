// The browser's entry of the hydrating floor (app.tsx): it takes over the server's document as the
// shop's web/main.tsx does. The difference between this floor and bench/floor is what server
// rendering itself costs in the browser.
import { QueryClient } from '@tanstack/react-query'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createFloorRouter } from './app'

const router = createFloorRouter(new QueryClient())

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
  )
})
