import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { formatBDT, toPaisa, toTaka } from '#schemas/bdt.ts'
import type { Cart, CartLine } from '#schemas/cart.ts'
import { TOOL_NOT_SOLD } from '#schemas/cart-limits.ts'
import { cartLineError, cartOf } from '#schemas/cart-lines.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { toolQueries } from '#web/features/tools/tools-queries.ts'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { formatCount } from '#web/lib/format.ts'
import { responsiveImage } from '#web/lib/image-variants.ts'
import { useQueries, useQuery } from '#web/lib/query.ts'
import { useSession } from '#web/lib/session.ts'
import {
  cartSaved,
  holdCart,
  toastAdded,
  toastNotAdded,
  useAddToCart,
  useRemoveFromCart,
  useSetCartQuantity,
} from '../cart-mutations'
import { cartQueries } from '../cart-queries'
import { subscribeVisitorCart, type VisitorLine, visitorLines } from '../visitor-cart'

/** The checkout page (its own feature); a visitor signs in first and comes back to it. */
const CHECKOUT_PATH = '/checkout'

type CartPageProps = {
  /** Request a quote for the cart (features/quotes), under Checkout: the route composes it. */
  requestQuote: ReactNode
}

/** /cart: the cart of whoever reads it, a visitor's from this browser, a signed-in user's from the server. */
export function CartPage({ requestQuote }: CartPageProps) {
  const session = useSession()
  useAddFromLink(session.status !== 'loading')
  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Your cart</h1>
      {session.status === 'loading' ? (
        <CartPending />
      ) : session.status === 'signedIn' ? (
        <ServerCart requestQuote={requestQuote} />
      ) : (
        <BrowserCart requestQuote={requestQuote} />
      )}
    </div>
  )
}

/**
 * `/cart?add={id}&quantity={n}`: an Add to cart pressed before its page's JavaScript ran (a GET
 * form) adds the tool here, once the session is known, then leaves the plain /cart in the history.
 */
function useAddFromLink(sessionKnown: boolean) {
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> })
  const navigate = useNavigate()
  const add = useAddToCart()
  const handled = useRef(false)
  const id = typeof search.add === 'string' || typeof search.add === 'number' ? String(search.add) : ''
  const quantity = Number(search.quantity)
  useEffect(() => {
    if (!id || !sessionKnown || handled.current) return
    handled.current = true
    const done = () => void navigate({ to: '/cart', search: {}, replace: true })
    if (id.length > 64) return done()
    add.mutate(
      { _id: id, Minimum_quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1 },
      { onSuccess: (result) => toastAdded(result, {}), onError: toastNotAdded, onSettled: done },
    )
  }, [id, quantity, sessionKnown, add, navigate])
}

function ServerCart({ requestQuote }: CartPageProps) {
  // Read again on every visit (shown from the cache meanwhile): prices and stock move.
  const { data, error, refetch } = useQuery({ ...cartQueries.mine(), staleTime: 0 })
  if (error) return <CartError error={error} retry={() => void refetch()} />
  if (!data) return <CartPending />
  return <CartBody cart={data} signedIn requestQuote={requestQuote} />
}

const NO_LINES: VisitorLine[] = []
const noLines = () => NO_LINES

/** A visitor's cart: the browser's lines, priced from the public tools the way the API prices a user's. */
function BrowserCart({ requestQuote }: CartPageProps) {
  const lines = useSyncExternalStore(subscribeVisitorCart, visitorLines, noLines)
  const tools = useQueries({ queries: lines.map((line) => toolQueries.detail(line.serviceId)) })
  const failed = tools.find((t) => t.error && !(t.error instanceof ApiRequestError && t.error.status === 404))
  if (failed?.error) return <CartError error={failed.error} retry={() => void failed.refetch()} />
  if (tools.some((t) => t.isPending)) return <CartPending />
  // A tool the shop does not have (any more) reads as withdrawn, as on the server.
  const cart = cartOf(lines.map((line, i) => ({ ...line, tool: tools[i]?.data })))
  return <CartBody cart={cart} signedIn={false} requestQuote={requestQuote} />
}

function CartBody({ cart, signedIn, requestQuote }: CartPageProps & { cart: Cart; signedIn: boolean }) {
  const navigate = useNavigate()
  if (cart.count === 0)
    return (
      <EmptyState
        title="Your cart is empty"
        icon={
          <>
            <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.8a1 1 0 0 0 1-.8L20 8H6.2" />
            <circle cx="9.5" cy="19" r="1.5" />
            <circle cx="17" cy="19" r="1.5" />
          </>
        }
        action={
          <Link to="/service" className="btn-primary">
            Browse tools
          </Link>
        }
      >
        Press Add to cart on any tool: it goes in at its minimum order, and you change the quantity here.
      </EmptyState>
    )

  const withErrors = cart.lines.filter((l) => l.error).length
  const saving = toTaka(cart.lines.reduce((sum, l) => sum + toPaisa(lineSaving(l)), 0))
  return (
    <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <ul className="space-y-4" aria-label="Tools in your cart">
        {cart.lines.map((line) => (
          <li key={line.serviceId}>
            <CartLineItem line={line} />
          </li>
        ))}
      </ul>

      <section
        aria-labelledby="cart-summary"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-24"
      >
        <h2 id="cart-summary" className="text-lg font-bold text-ink">
          Summary
        </h2>
        <dl className="mt-4 flex items-baseline justify-between gap-4">
          <dt className="text-slate-700">
            Goods ({cart.count} {cart.count === 1 ? 'tool' : 'tools'})
          </dt>
          <dd className="text-xl font-bold text-ink" data-testid="cart-total">
            {formatBDT(cart.price)}
          </dd>
        </dl>
        {saving > 0 && (
          <p className="mt-1 text-sm font-medium text-emerald-800" data-testid="cart-saving">
            Volume prices save you {formatBDT(saving)}.
          </p>
        )}
        <p className="mt-2 text-sm text-slate-600">Prices include VAT. Delivery is added at checkout.</p>
        {withErrors > 0 && (
          <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {withErrors === 1 ? 'One tool needs' : `${withErrors} tools need`} a change before checkout: see the message
            under {withErrors === 1 ? 'it' : 'each'}.
          </p>
        )}
        {signedIn ? (
          // NOTE: a link to the checkout page, which waits for the last quantity typed to be saved.
          <a
            href={CHECKOUT_PATH}
            className="btn-primary mt-5 w-full py-3 text-base"
            onClick={(e) => {
              if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
              e.preventDefault()
              // A quantity the shop refused keeps the page here, its message under the line.
              cartSaved().then(
                () => navigate({ href: CHECKOUT_PATH }),
                () => {},
              )
            }}
          >
            Checkout
          </a>
        ) : (
          <>
            <Link to="/login" search={{ redirect: CHECKOUT_PATH }} className="btn-primary mt-5 w-full py-3 text-base">
              Checkout
            </Link>
            <p className="mt-2 text-sm text-slate-600">
              You will log in or create an account first; your cart comes along.
            </p>
          </>
        )}
        {/* Quotes: a price for a large order. */}
        <div className="mt-3">{requestQuote}</div>
      </section>
    </div>
  )
}

/** What a line's volume price saves against the list price, in BDT. */
const lineSaving = (line: CartLine) => toTaka((toPaisa(line.listUnitPrice) - toPaisa(line.unitPrice)) * line.quantity)

/** A new quantity typed in a line: the number, or why it cannot be. 0 takes the tool out. */
function checkQuantity(line: CartLine, text: string): { quantity: number } | { error: string } {
  const value = text.trim()
  const quantity = Number(value)
  if (value === '' || !Number.isInteger(quantity) || quantity < 0)
    return { error: 'Enter a whole number (0 takes the tool out).' }
  if (quantity === 0) return { quantity }
  // The order form's check, with the spec's messages: the API makes the same one.
  const error = cartLineError(
    { quantity: line.available, minimumQuantity: line.Minimum_quantity, packSize: line.packSize },
    quantity,
  )
  return error ? { error } : { quantity }
}

function CartLineItem({ line }: { line: CartLine }) {
  const id = useId()
  const setQuantity = useSetCartQuantity()
  const remove = useRemoveFromCart()
  const [text, setText] = useState(String(line.quantity))
  const [typedError, setTypedError] = useState<string>()
  // The saved quantity changed (another tab, another device): the field follows it.
  useEffect(() => {
    setText(String(line.quantity))
    setTypedError(undefined)
  }, [line.quantity])

  // Checkout and a quote from the cart wait until the typed quantity is one the shop takes.
  useEffect(() => (typedError ? holdCart(line.serviceId) : undefined), [typedError, line.serviceId])

  const withdrawn = line.error === TOOL_NOT_SOLD
  const error = typedError ?? line.error ?? undefined
  const save = () => {
    const checked = checkQuantity(line, text)
    if ('error' in checked) return setTypedError(checked.error)
    if (checked.quantity === line.quantity) return
    setQuantity.mutate(
      { serviceId: line.serviceId, quantity: checked.quantity },
      {
        onError: (err) =>
          // A withdrawn tool (404): the cart read again says so on the line, with only Remove.
          setTypedError(
            err instanceof ApiRequestError
              ? err.status === 404
                ? undefined
                : err.message
              : 'Not saved: check your connection and try again.',
          ),
      },
    )
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save()
  }

  return (
    <article
      className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-4"
      aria-labelledby={`${id}-name`}
      data-testid="cart-line"
    >
      <div className="h-15 w-20 shrink-0 overflow-hidden rounded-lg bg-slate-100">
        {line.img && (
          <img
            {...responsiveImage(line.img, '80px', 160)}
            alt=""
            width={80}
            height={60}
            loading="lazy"
            className="h-full w-full object-cover"
          />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={`${id}-name`} className="min-w-0 break-words font-semibold text-ink">
            {withdrawn ? (
              line.service
            ) : (
              <Link
                to="/service/$serviceId"
                params={{ serviceId: line.serviceId }}
                className="underline-offset-4 hover:underline"
              >
                {line.service}
              </Link>
            )}
          </h2>
          <p className="font-bold text-ink" data-testid="line-total">
            {formatBDT(line.price)}
          </p>
        </div>
        {!withdrawn && (
          <p className="mt-0.5 text-sm text-slate-600">
            <span data-testid="line-unit-price">{formatBDT(line.unitPrice)}</span> per unit
            {line.unitPrice < line.listUnitPrice && (
              <span className="text-emerald-800" data-testid="line-saving">
                {' '}
                (volume price, list {formatBDT(line.listUnitPrice)}: you save {formatBDT(lineSaving(line))})
              </span>
            )}{' '}
            · minimum {formatCount(line.Minimum_quantity)}
            {line.packSize > 1 && ` · packs of ${formatCount(line.packSize)}`} · {formatCount(line.available)} in stock
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-end gap-3">
          {!withdrawn && (
            <form noValidate onSubmit={submit} className="flex items-end gap-2">
              <div>
                <label htmlFor={`${id}-quantity`} className="label">
                  Quantity<span className="sr-only"> of {line.service}</span>
                </label>
                <input
                  id={`${id}-quantity`}
                  className="field w-28"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={line.available}
                  step={line.packSize}
                  value={text}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => {
                    setText(e.target.value)
                    // The spec's minimum / stock messages show while typing; the quantity is saved on Enter or leaving the field.
                    const checked = checkQuantity(line, e.target.value)
                    setTypedError('error' in checked ? checked.error : undefined)
                  }}
                  onBlur={save}
                />
              </div>
            </form>
          )}
          <button
            type="button"
            className="btn-ghost"
            aria-label={`Remove ${line.service}`}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(line.serviceId, {
                onError: (err) =>
                  setTypedError(
                    err instanceof ApiRequestError ? err.message : 'Not removed: check your connection and try again.',
                  ),
              })
            }
          >
            Remove
          </button>
        </div>
        {error && (
          // Announced when it follows what the customer typed, not for every line on arrival.
          <p
            id={`${id}-error`}
            className="field-error"
            role={typedError ? 'alert' : undefined}
            data-testid="line-error"
          >
            {error}
          </p>
        )}
      </div>
    </article>
  )
}

function CartPending() {
  return (
    <div className="mt-6 space-y-4" aria-busy="true">
      <p className="sr-only" role="status">
        Loading your cart…
      </p>
      {[0, 1].map((i) => (
        <div key={i} className="h-32 animate-pulse rounded-xl bg-slate-100" />
      ))}
    </div>
  )
}

function CartError({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <div className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900" role="alert">
      <p className="font-semibold">We could not load your cart.</p>
      <p className="mt-1 text-sm">
        {error instanceof ApiRequestError ? error.message : 'Check your connection and try again.'}
      </p>
      <button type="button" className="btn-ghost mt-4" onClick={retry}>
        Try again
      </button>
    </div>
  )
}
