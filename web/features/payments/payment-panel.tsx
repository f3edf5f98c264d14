import { lazy, Suspense, useEffect } from 'react'
import { useOrderRefresh } from '#web/features/orders/order-mutations.ts'
import { ApiRequestError } from '#web/lib/api.ts'
import { useQuery } from '#web/lib/query.ts'
import type { CardFormProps } from './card-form-props'
import { paymentQueries } from './payments-queries'
import { SimulatedCardForm } from './simulated-card-form'

// Stripe's packages are downloaded only when the shop takes card payments through Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form'))

type PaymentPanelProps = Omit<CardFormProps, 'clientSecret'>

/**
 * Asks for the order's payment intent when it shows (the server reuses the open one)
 * and renders the card form of the configured provider.
 */
export function PaymentPanel(form: PaymentPanelProps) {
  const intent = useQuery(paymentQueries.intent(form.orderId))
  const conflict = intent.error instanceof ApiRequestError && intent.error.status === 409
  const refreshOrders = useOrderRefresh()

  // The server refused an intent because the order changed (paid, cancelled, expired): show it as it is now.
  useEffect(() => {
    if (conflict) void refreshOrders(false)
  }, [conflict, refreshOrders])

  if (intent.isPending) return <FormSkeleton label="Preparing the payment…" />
  if (intent.isError) {
    const message =
      intent.error instanceof ApiRequestError
        ? intent.error.message
        : 'We could not reach the shop. Check your connection.'
    return (
      <div className="space-y-4">
        <p className="text-sm font-medium text-red-700" role="alert">
          {message}
        </p>
        {!conflict && (
          <button
            type="button"
            className="btn-ghost"
            onClick={() => void intent.refetch()}
            disabled={intent.isFetching}
          >
            Try again
          </button>
        )}
      </div>
    )
  }

  // A gateway order's page shows the gateway's panel; this is a card order's.
  if (intent.data.provider === 'sslcommerz') return null
  const { provider, clientSecret, publishableKey } = intent.data
  if (provider === 'simulated') return <SimulatedCardForm {...form} clientSecret={clientSecret} />
  if (!publishableKey) {
    return (
      <p className="text-sm font-medium text-red-700" role="alert">
        Card payments are not set up on this shop yet. Please try again later.
      </p>
    )
  }
  return (
    <Suspense fallback={<FormSkeleton label="Loading the card form…" />}>
      <StripeCardForm {...form} clientSecret={clientSecret} publishableKey={publishableKey} />
    </Suspense>
  )
}

function FormSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <p className="sr-only" role="status">
        {label}
      </p>
      <div className="space-y-4" aria-hidden="true">
        <div className="h-4 w-24 animate-pulse rounded bg-slate-200" />
        <div className="h-11 animate-pulse rounded-lg bg-slate-100" />
        <div className="grid grid-cols-2 gap-4">
          <div className="h-11 animate-pulse rounded-lg bg-slate-100" />
          <div className="h-11 animate-pulse rounded-lg bg-slate-100" />
        </div>
        <div className="h-12 animate-pulse rounded-lg bg-slate-200" />
      </div>
    </div>
  )
}
