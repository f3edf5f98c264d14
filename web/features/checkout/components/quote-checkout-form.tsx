import { useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useWatch } from 'react-hook-form'
import { toPaisa, toTaka } from '#schemas/bdt.ts'
import { TOOL_NOT_SOLD } from '#schemas/cart-limits.ts'
import type { CheckoutPreviewInput } from '#schemas/checkout.ts'
import type { PickupDetails } from '#schemas/delivery.ts'
import { lineMoney, orderMoney } from '#schemas/order-money.ts'
import type { Quote } from '#schemas/quote.ts'
import type { CodSection } from '#schemas/settings.ts'
import type { UserProfile } from '#schemas/user.ts'
import { vatBp } from '#schemas/vat.ts'
import { useAcceptQuote } from '#web/features/quotes/quote-mutations.ts'
import { toolQueries } from '#web/features/tools/tools-queries.ts'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { configQuery } from '#web/lib/config.ts'
import { useQueries, useQuery } from '#web/lib/query.ts'
import { toast } from '#web/lib/toast.ts'
import { CheckoutShell, useCheckoutForm, useKeepOnProfile, usePlacing } from './checkout-shell'
import type { PricedPreview } from './order-summary'
import { pageAfterPlacing } from './payment-fields'

type QuoteCheckoutFormProps = {
  quote: Quote
  profile: UserProfile
  displayName: string
  email: string
  pickup: PickupDetails
  /** The shop's cash-on-delivery settings: an offer over its limit may not be paid so. */
  cod: CodSection
}

/** Why a line of the offer cannot be priced: its tool is gone (404), or could not be read now. */
const lineError = (error: Error | null | undefined) =>
  !error
    ? null
    : error instanceof ApiRequestError && error.status === 404
      ? TOOL_NOT_SOLD
      : 'This tool could not be loaded. Reload the page to try again.'

/**
 * Accepting an offer: the checkout's delivery, payment and business fields, and its order summary
 * at the offered prices (the offer's courier fee anywhere, nothing for a pickup; the VAT at each
 * tool's rate now). Accepting places the order; a card order goes on to its payment page.
 */
export function QuoteCheckoutForm({ quote, profile, displayName, email, pickup, cod }: QuoteCheckoutFormProps) {
  const form = useCheckoutForm(profile, displayName)
  const keep = useKeepOnProfile(form, profile, displayName)
  const method = useWatch({ control: form.control, name: 'delivery.method' })
  // Each tool's VAT rate now (the order's VAT is worked out at acceptance).
  const tools = useQueries({ queries: quote.lines.map((l) => ({ ...toolQueries.detail(l.serviceId), retry: false })) })
  const accept = useAcceptQuote(quote._id)
  const methods = useQuery(configQuery).data?.paymentMethods
  const navigate = useNavigate()
  const { refusal, begin, failed } = usePlacing(form)

  // The VAT needs each tool's rate: the summary shows placeholders until they are here, and a
  // tool no longer sold says so (the shop refuses the offer then).
  const ratesLoaded = tools.every((t) => !t.isPending)
  const lines = quote.lines.map((line, i) => {
    const rate = tools[i]?.data?.vatRate ?? 0
    const unitPrice = line.unitPrice ?? 0
    const money = lineMoney(toPaisa(unitPrice), line.quantity, vatBp(rate))
    return {
      serviceId: line.serviceId,
      service: line.service,
      img: '',
      quantity: line.quantity,
      unitPrice,
      listUnitPrice: line.listUnitPrice,
      price: toTaka(money.pricePaisa),
      vatRate: rate,
      vat: toTaka(money.vatPaisa),
      money,
      error: lineError(tools[i]?.error),
    }
  })
  // The order's money as the shop will sum it when the offer is accepted (one function for both).
  const money = orderMoney(
    lines.map((l) => l.money),
    method === 'pickup' ? 0 : toPaisa(quote.deliveryFee ?? 0),
  )
  const total = toTaka(money.totalPaisa)
  // The methods this order may use: those the shop offers, cash on delivery up to its limit. The
  // same list while they hold, so PaymentFields' check of the chosen method runs only on a change.
  const offered = useMemo(
    () => methods?.filter((m) => m !== 'cod' || toPaisa(total) <= toPaisa(cod.maxTotal)),
    [methods, total, cod.maxTotal],
  )
  const preview: PricedPreview | undefined = ratesLoaded
    ? {
        lines,
        price: toTaka(money.pricePaisa),
        deliveryFee: toTaka(money.deliveryFeePaisa),
        vat: toTaka(money.vatPaisa),
        total,
        paymentMethods: offered ?? [],
        priced: lines.every((l) => !l.error),
      }
    : undefined

  const submit = (body: CheckoutPreviewInput) => {
    if (!preview?.priced || !begin()) return
    accept.mutate(
      { ...body, expectedTotal: preview.total },
      {
        onSuccess: (placed) => {
          keep.save()
          toast.success(`Order ${placed.orderNumber} placed from quote ${quote.quoteNumber}`)
          void navigate(pageAfterPlacing(body.paymentMethod, placed.insertedId))
        },
        onError: (error) => failed(error, preview.total, 'quote'),
      },
    )
  }
  return (
    <CheckoutShell
      form={form}
      keep={keep}
      onSubmit={submit}
      busy={accept.isPending || accept.isSuccess}
      pickup={pickup}
      offered={offered}
      cod={cod}
      summary={{
        preview,
        updating: false,
        deliveryLabel: method === 'pickup' ? 'pickup at the factory' : 'courier, anywhere',
        from: 'quote',
      }}
      refusal={refusal}
      email={email}
      submitLabel="Accept and place order"
      submitDisabled={!preview?.priced}
    />
  )
}
