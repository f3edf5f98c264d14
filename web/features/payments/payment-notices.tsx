import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

// The payment page's notices and links (web/routes/_auth/dashboard/payment.$id.tsx).

/** The payment's transaction id. */
export function TransactionId({ id }: { id: string | null }) {
  return (
    <p className="mt-1 text-sm">
      Transaction id:{' '}
      <span className="break-all font-mono font-semibold" data-testid="transaction-id">
        {id}
      </span>
    </p>
  )
}

/** Why the order is not paid on this page, with the way on. */
export function Notice({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-slate-800 ring-1 ring-slate-200">
      <p className="font-semibold">{text}</p>
      {children}
    </div>
  )
}

export function OrderLink({ id }: { id: string }) {
  return (
    <Link to="/dashboard/order/$id" params={{ id }} className="btn-ghost mt-4">
      See the order
    </Link>
  )
}

export function OrdersLink() {
  return (
    <Link
      to="/dashboard/order"
      className="mt-3 inline-block text-sm font-semibold text-emerald-900 underline underline-offset-4"
    >
      Back to My Orders
    </Link>
  )
}

/** The payment page of an order that is not the customer's (or does not exist). */
export function OrderNotFound() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <h1 className="text-2xl font-bold">Order not found</h1>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        There is no order with this id in your account. Pick it from your orders to pay for it.
      </p>
      <Link to="/dashboard/order" className="btn-primary mt-6">
        Go to My Orders
      </Link>
    </div>
  )
}
