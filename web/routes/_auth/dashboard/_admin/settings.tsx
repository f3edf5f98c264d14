import { createFileRoute } from '@tanstack/react-router'
import { DeliveryForm } from '#web/features/settings/components/delivery-form.tsx'
import { BankForm, CodForm } from '#web/features/settings/components/payment-forms.tsx'
import { ShopForm } from '#web/features/settings/components/shop-form.tsx'
import { settingsQueries } from '#web/features/settings/settings-queries.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'

export const Route = createFileRoute('/_auth/dashboard/_admin/settings')({
  loader: ({ context }) => context.queryClient.ensureQueryData(settingsQueries.detail()),
  head: () => ({ meta: [{ title: 'Settings · Toolhaus' }] }),
  component: SettingsPage,
})

function SettingsPage() {
  const { data } = useSuspenseQuery(settingsQueries.detail())
  return (
    <div>
      <h1 className="text-2xl font-bold">Settings</h1>
      <p className="mt-1 text-sm text-slate-600">
        Each section is saved on its own, takes effect for the next order and is written to the audit log.
      </p>
      <div className="mt-6 grid gap-6">
        <ShopForm shop={data.shop} />
        <DeliveryForm delivery={data.delivery} />
        <BankForm bank={data.bank} />
        <CodForm cod={data.cod} />
      </div>
    </div>
  )
}
