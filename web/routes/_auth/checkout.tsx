import { createFileRoute } from '@tanstack/react-router'
import { CheckoutForm } from '#web/features/checkout/components/checkout-form.tsx'
import { orderQueries } from '#web/features/orders/order-queries.ts'
import { settingsQueries } from '#web/features/settings/settings-queries.ts'
import { userQueries } from '#web/features/users/users-queries.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'

/** /checkout (signed in: the `_auth` guard sends a visitor to sign in and back here). */
export const Route = createFileRoute('/_auth/checkout')({
  // The last delivery (else the profile) starts the delivery form; the settings name the pickup
  // point and the zones.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(userQueries.profile(context.session.user.email)),
      context.queryClient.ensureQueryData(orderQueries.lastDelivery(context.session.user.email)),
      context.queryClient.ensureQueryData(settingsQueries.detail()),
    ]),
  head: () => ({ meta: [{ title: 'Checkout · Toolhaus' }] }),
  component: CheckoutPage,
})

function CheckoutPage() {
  const { session } = Route.useRouteContext()
  const { data: profile } = useSuspenseQuery(userQueries.profile(session.user.email))
  const { data: settings } = useSuspenseQuery(settingsQueries.detail())
  const zoneNames = Object.fromEntries(settings.delivery.zones.map((zone) => [zone.id, zone.name]))

  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Checkout</h1>
      <p className="mt-1 text-sm text-slate-600">
        Prices include VAT. The total is worked out by the shop from your cart and delivery.
      </p>
      <CheckoutForm
        profile={profile}
        displayName={session.user.displayName ?? ''}
        email={session.user.email}
        pickup={settings.delivery.pickup}
        cod={settings.cod}
        zoneNames={zoneNames}
      />
    </div>
  )
}
