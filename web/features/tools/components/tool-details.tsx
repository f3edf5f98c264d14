import { type ReactNode, useState } from 'react'
import { formatBDT } from '#schemas/bdt.ts'
import type { Tool } from '#schemas/tool.ts'
import { formatCount } from '#web/lib/format.ts'
import { inStock } from '../tool-page'
import { AddToCartButton } from './add-to-cart-button'
import { ToolGallery } from './tool-gallery'
import { OrderQuantity, orderQuantityProblem } from './volume-pricing'

type ToolDetailsProps = {
  tool: Tool
  /** Nobody is signed in: Purchase will ask them to log in first. */
  signedOut: boolean
  /** Purchase, once the app runs (before that the button's form goes to /login and back with `?order=1`). */
  onPurchase: () => void
  /**
   * Request a quote for the tool (features/quotes), beside Add to cart: the route composes it,
   * starting from the quantity typed here (more than the stock too: a quote is for large orders).
   */
  requestQuote: (quantity: number) => ReactNode
}

/** A tool's page body: its photos, price, description, stock and minimum order, Purchase and Add to cart. */
export function ToolDetails({ tool, signedOut, onPurchase, requestQuote }: ToolDetailsProps) {
  const canOrder = inStock(tool)
  // The quantity the buyer has in mind: its unit price shows, and Add to cart puts it in.
  const [quantityText, setQuantityText] = useState(String(tool.Minimum_quantity))
  const problem = orderQuantityProblem(tool, quantityText)
  const typed = quantityText.trim() === '' ? Number.NaN : Number(quantityText)
  return (
    <article className="mt-6 grid items-start gap-8 md:grid-cols-2 lg:gap-12">
      <ToolGallery images={tool.images} name={tool.name} />

      <div className="min-w-0">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{tool.name}</h1>
        <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
          <span className="text-2xl font-bold text-brand-700" data-testid="unit-price">
            {formatBDT(tool.price)}
          </span>
          <span className="text-sm text-slate-600">per unit</span>
        </p>
        <p className="mt-5 leading-relaxed text-slate-700">{tool.description}</p>

        <dl className="mt-6 grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4">
          <div>
            <dt className="text-sm text-slate-600">Available quantity</dt>
            <dd className="mt-1 text-xl font-bold text-ink" data-testid="available-quantity">
              {formatCount(tool.quantity)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Minimum order</dt>
            <dd className="mt-1 text-xl font-bold text-ink" data-testid="minimum-quantity">
              {formatCount(tool.Minimum_quantity)}
            </dd>
          </div>
        </dl>

        {canOrder && <OrderQuantity tool={tool} value={quantityText} onChange={setQuantityText} problem={problem} />}

        {/* A GET form, so a click before (or without) JavaScript is not lost: it goes to /login, which
            sends a signed-in customer straight back to this page with the order dialog open
            (`?order=1`). Once the app runs, it handles the click itself. */}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <form
            method="get"
            action="/login"
            onSubmit={(e) => {
              e.preventDefault()
              onPurchase()
            }}
          >
            <input type="hidden" name="redirect" value={`/service/${tool._id}?order=1`} />
            <button type="submit" className="btn-dark w-full py-3 text-base sm:w-auto sm:px-10" disabled={!canOrder}>
              Purchase
            </button>
          </form>
          {/* The quantity above goes into the cart (the minimum order before the app runs). */}
          {canOrder && (
            <AddToCartButton
              tool={tool}
              quantity={problem === undefined ? Number(quantityText) : undefined}
              disabled={problem !== undefined}
              className="btn-ghost w-full py-3 text-base sm:w-auto sm:px-8"
            />
          )}
          {/* Quotes: a price for a large order, whatever the stock. */}
          {requestQuote(Number.isInteger(typed) && typed >= 1 ? typed : tool.Minimum_quantity)}
        </div>
        {signedOut && canOrder && (
          <p className="mt-2 text-sm text-slate-600">You will be asked to log in or create an account first.</p>
        )}
        {!canOrder && (
          <p className="mt-3 text-sm font-medium text-slate-700">
            Out of stock: fewer than the minimum order are left. Please check back soon.
          </p>
        )}
      </div>
    </article>
  )
}
