import { zodResolver } from '@hookform/resolvers/zod'
import { useNavigate } from '@tanstack/react-router'
import { useMemo, useRef, useState } from 'react'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
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
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { useQueries, useQuery } from '#web/lib/query.ts'
import { toast } from '#web/lib/toast.ts'
import { CHECKOUT_FORM_FIELDS, CheckoutFormSchema, type CheckoutFormValues, checkoutDefaults } from '../checkout-body'
import { type Refusal, RefusalNotice, refusalOf } from './checkout-refusal'
import { DeliveryFields } from './delivery-fields'
import { OrderSummary, type PricedPreview } from './order-summary'
import { BusinessFields, PaymentFields, pageAfterPlacing, paidOnNextPage } from './payment-fields'

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
  const form = useForm<CheckoutFormValues, unknown, CheckoutPreviewInput>({
    resolver: zodResolver(CheckoutFormSchema),
    mode: 'onTouched',
    defaultValues: checkoutDefaults(profile, displayName),
  })
  const { control, handleSubmit, setError } = form
  const method = useWatch({ control, name: 'delivery.method' })
  const paymentMethod = useWatch({ control, name: 'paymentMethod' })
  // Each tool's VAT rate now (the order's VAT is worked out at acceptance).
  const tools = useQueries({ queries: quote.lines.map((l) => ({ ...toolQueries.detail(l.serviceId), retry: false })) })
  const accept = useAcceptQuote(quote._id)
  const methods = useQuery(configQuery).data?.paymentMethods
  const navigate = useNavigate()
  const [refusal, setRefusal] = useState<Refusal>()
  // As the checkout's: a second click before the button shows it is busy sends nothing.
  const placing = useRef(false)

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
    if (!preview?.priced || placing.current) return
    placing.current = true
    setRefusal(undefined)
    accept.mutate(
      { ...body, expectedTotal: preview.total },
      {
        onSuccess: (placed) => {
          toast.success(`Order ${placed.orderNumber} placed from quote ${quote.quoteNumber}`)
          void navigate(pageAfterPlacing(body.paymentMethod, placed.insertedId))
        },
        onError: (error) => {
          placing.current = false
          const refused = refusalOf(error, preview.total, 'quote')
          if (showServerFieldErrors(error, setError, CHECKOUT_FORM_FIELDS) === 0 || refused.kind === 'lines')
            setRefusal(refused)
        },
      },
    )
  }
  const busy = accept.isPending || accept.isSuccess

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={handleSubmit(submit)}
        className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start"
      >
        <fieldset disabled={busy} className="min-w-0 space-y-6">
          <legend className="sr-only">Delivery and payment</legend>
          <DeliveryFields pickup={pickup} />
          <PaymentFields offered={offered} cod={cod} />
          <BusinessFields />
        </fieldset>
        <div className="min-w-0 lg:sticky lg:top-20">
          <OrderSummary
            preview={preview}
            updating={false}
            deliveryLabel={method === 'pickup' ? 'pickup at the factory' : 'courier, anywhere'}
            lineErrors={refusal?.kind === 'lines' ? refusal.lineErrors : {}}
            from="quote"
          >
            {refusal && <RefusalNotice refusal={refusal} email={email} />}
            <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy || !preview?.priced}>
              {busy ? 'Placing order…' : 'Accept and place order'}
            </button>
            {paidOnNextPage(paymentMethod) && (
              <p className="text-center text-sm text-slate-600">You pay on the next page.</p>
            )}
          </OrderSummary>
        </div>
      </form>
    </FormProvider>
  )
}
