import { formatBDT } from '#schemas/bdt.ts'
import { DEFAULT_SETTINGS, type DeliveryZone } from '#schemas/delivery.ts'
import type { Booking } from '#schemas/order.ts'
import { settingsQueries } from '#web/features/settings/settings-queries.ts'
import { formatCount } from '#web/lib/format.ts'
import { useQuery } from '#web/lib/query.ts'

/** "100 × Drill Machine" for one tool; the order's name ("Drill Machine and 1 more") for several. */
export const orderSummary = (order: Pick<Booking, 'lines' | 'quantity' | 'service'>) =>
  order.lines.length > 1 ? order.service : `${formatCount(order.quantity)} × ${order.service}`

/** Every tool of an order: its name, quantity × unit price and the line's total. */
export function OrderLines({ order }: { order: Pick<Booking, 'lines'> }) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Tools">
      {order.lines.map((line) => (
        // A tool appears once per order (a cart holds a line per tool).
        <li key={line.serviceId} className="flex items-start justify-between gap-3 py-2.5" data-testid="order-line">
          <div className="min-w-0">
            <p className="break-words font-semibold text-ink">{line.service}</p>
            <p className="text-sm text-slate-600">
              <span data-testid="line-quantity">{formatCount(line.quantity)}</span> ×{' '}
              <span data-testid="line-unit-price">{formatBDT(line.unitPrice)}</span>
              <span className="text-slate-500"> · VAT {line.vatRate}%</span>
            </p>
          </div>
          <p className="shrink-0 font-semibold text-ink" data-testid="line-price">
            {formatBDT(line.price)}
          </p>
        </li>
      ))}
    </ul>
  )
}

/** The order's money: goods, delivery, the VAT included and the total (what is paid). */
export function OrderTotals({
  order,
}: {
  order: Pick<Booking, 'price' | 'deliveryFee' | 'vat' | 'total' | 'delivery'>
}) {
  const zone = useZoneName(order.delivery.zone)
  const delivery = order.delivery.method === 'pickup' ? 'pickup at the factory' : zone
  return (
    <dl className="space-y-1 text-sm">
      <Row label="Goods" value={formatBDT(order.price)} testId="order-goods" />
      <Row
        label={delivery ? `Delivery · ${delivery}` : 'Delivery'}
        value={order.deliveryFee === 0 ? 'Free' : formatBDT(order.deliveryFee)}
        testId="order-delivery-fee"
      />
      <Row label="VAT included" value={formatBDT(order.vat)} testId="order-vat" />
      <div className="flex items-baseline justify-between gap-3 border-t border-slate-200 pt-2">
        <dt className="font-semibold text-ink">Total</dt>
        <dd className="text-base font-bold text-ink" data-testid="order-total">
          {formatBDT(order.total)}
        </dd>
      </div>
    </dl>
  )
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="min-w-0 text-slate-600">{label}</dt>
      <dd className="shrink-0 text-right text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

/** A delivery zone by the name the shop gives it in its settings (the contract's default names until they load). */
export function useZoneName(zone: DeliveryZone | null): string {
  const { data: settings } = useQuery(settingsQueries.detail())
  if (!zone) return ''
  const zones = settings?.delivery.zones ?? DEFAULT_SETTINGS.delivery.zones
  return zones.find((z) => z.id === zone)?.name ?? zone
}

export const DELIVERY_METHOD_LABELS: Record<Booking['delivery']['method'], string> = {
  courier: 'Courier',
  pickup: 'Pickup at the factory',
}

export const PAYMENT_METHOD_LABELS: Record<Booking['paymentMethod'], string> = {
  card: 'Card',
  cod: 'Cash on delivery',
  bank: 'Bank transfer',
  gateway: 'SSLCommerz (bKash, Nagad, cards)',
}
