import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import { toTaka } from '#schemas/bdt.ts'
import type { OrderStatus } from '#schemas/order-status.ts'
import { PAYMENT_UNDER_REVIEW_MESSAGE } from '#schemas/payment.ts'
import { nowMs } from '#worker/db/now.ts'
import { gatewaySessions, type OrderRow, orders } from '#worker/db/schema.ts'
import type { Config } from '#worker/env.ts'
import { type Db, newId } from '#worker/lib/db.ts'
import { ApiError } from '#worker/lib/errors.ts'
import { insertIfChanged, runBatch, sqlPart } from '#worker/lib/guarded.ts'
import {
  ORDER_CURRENCY,
  type PayableOrder,
  type PaymentProvider,
  type ProviderIntent,
  type RefundRequest,
} from './provider'

// SSLCommerz's hosted checkout (API v4), spoken with fetch only: the Worker runs no Node SDK.
//   session:    POST {base}/gwprocess/v4/api.php (form)                          → GatewayPageURL
//   validation: GET  {base}/validator/api/validationserverAPI.php?val_id=…       → status VALID / VALIDATED / INVALID_TRANSACTION
//   refund:     GET  {base}/validator/api/merchantTransIDvalidationAPI.php?bank_tran_id=…&refund_amount=…&refund_remarks=…
//   refund status: the same address with refund_ref_id=…
// Every call carries store_id and store_passwd; the answers are JSON (format=json).

/**
 * How long a payment held for risk review keeps its order open. A review declined in the
 * merchant panel sends nothing this shop can trust, so past this the order expires as any unpaid
 * one (stock back); an approval after that is refunded as a late payment.
 */
export const RISK_REVIEW_MAX_MS = 7 * 24 * 60 * 60 * 1000

/** SQL: the session holds a payment the gateway is still reviewing (held, for less than {@link RISK_REVIEW_MAX_MS}). */
const underReview = () =>
  and(eq(gatewaySessions.status, 'held'), gt(gatewaySessions.updatedAt, Date.now() - RISK_REVIEW_MAX_MS))

export const SSLCOMMERZ_SANDBOX_BASE = 'https://sandbox.sslcommerz.com'
export const SSLCOMMERZ_LIVE_BASE = 'https://securepay.sslcommerz.com'

/** The gateway is offered when both credentials are set (SSLCOMMERZ_STORE_ID, SSLCOMMERZ_STORE_PASSWORD). */
export const gatewayConfigured = (config: Config): boolean =>
  Boolean(config.SSLCOMMERZ_STORE_ID && config.SSLCOMMERZ_STORE_PASSWORD)

/** Where the API is: the tests' fake (SSLCOMMERZ_API_BASE), the sandbox, or the live host. */
const apiBase = (config: Config): string =>
  (
    config.SSLCOMMERZ_API_BASE ||
    (config.SSLCOMMERZ_SANDBOX === 'true' ? SSLCOMMERZ_SANDBOX_BASE : SSLCOMMERZ_LIVE_BASE)
  ).replace(/\/+$/, '')

/** What the validation API says of a payment; only what the shop decides on. */
export type GatewayValidation = {
  /** VALID (first look), VALIDATED (looked at before), INVALID_TRANSACTION, or another of the gateway's. */
  status: string
  tranId: string
  valId: string
  /** The amount paid, in paisa (null when the answer had none that reads as money). */
  amountPaisa: number | null
  /** Upper-case ISO code as the gateway sends it ('BDT'). */
  currency: string
  bankTranId: string
  /** 0 = safe, 1 = risky: the gateway holds the payment for review. */
  riskLevel: number
}

export type GatewayRefund = { refundRefId: string; status: string }

const gatewayFailed = (what: string, detail?: unknown) => {
  console.error(`SSLCommerz: ${what}`, detail ?? '')
  return new ApiError(
    502,
    'PROVIDER_FAILED',
    'The payment gateway (SSLCommerz) did not answer as expected. Please try again in a moment.',
  )
}

/** "1234.50" → 123450; null for anything that is not plain money with at most 2 decimals. */
function paisaOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text)
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}

/** The API client: one call per method, no retries (a failed call is a 502 and the caller's retry). */
export class SslcommerzClient {
  private readonly base: string
  constructor(private readonly config: Config) {
    this.base = apiBase(config)
  }

  private get credentials() {
    return { store_id: this.config.SSLCOMMERZ_STORE_ID, store_passwd: this.config.SSLCOMMERZ_STORE_PASSWORD }
  }

  private async json(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
    let res: Response
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) })
    } catch (err) {
      throw gatewayFailed(`${init?.method ?? 'GET'} ${new URL(url).pathname} failed`, err)
    }
    const text = await res.text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    if (!res.ok || typeof body !== 'object' || body === null)
      throw gatewayFailed(`${new URL(url).pathname} answered ${res.status}`, text.slice(0, 200))
    return body as Record<string, unknown>
  }

  /** Opens a hosted checkout session: the page the customer is sent to. */
  async createSession(fields: Record<string, string>): Promise<{ sessionKey: string; gatewayPageUrl: string }> {
    const body = await this.json(`${this.base}/gwprocess/v4/api.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...this.credentials, ...fields }),
    })
    const url = typeof body.GatewayPageURL === 'string' ? body.GatewayPageURL : ''
    if (body.status !== 'SUCCESS' || !/^https?:\/\//.test(url))
      throw gatewayFailed('the session was refused', body.failedreason ?? body.status)
    return { sessionKey: String(body.sessionkey ?? ''), gatewayPageUrl: url }
  }

  /** Asks the validation API about `valId`. Never trusts what an IPN says of itself. */
  async validate(valId: string): Promise<GatewayValidation> {
    const query = new URLSearchParams({ val_id: valId, ...this.credentials, v: '1', format: 'json' })
    const body = await this.json(`${this.base}/validator/api/validationserverAPI.php?${query}`)
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '')
    const risk = Number(text('risk_level') || body.risk_level)
    return {
      status: text('status'),
      tranId: text('tran_id'),
      valId: text('val_id'),
      amountPaisa: paisaOf(body.amount),
      currency: text('currency'),
      bankTranId: text('bank_tran_id'),
      // NOTE: an answer without a readable risk level is treated as risky (held), never as safe.
      riskLevel: Number.isInteger(risk) ? risk : 1,
    }
  }

  /**
   * Asks for a refund of a validated payment (by the gateway's `bank_tran_id`).
   * @throws 502 when the gateway refuses it or does not answer.
   */
  async refund(input: {
    bankTranId: string
    amountPaisa: number
    remarks: string
    refeId: string
  }): Promise<GatewayRefund> {
    const query = new URLSearchParams({
      bank_tran_id: input.bankTranId,
      refund_amount: toTaka(input.amountPaisa).toFixed(2),
      refund_remarks: input.remarks.slice(0, 250),
      refe_id: input.refeId,
      ...this.credentials,
      v: '1',
      format: 'json',
    })
    const body = await this.json(`${this.base}/validator/api/merchantTransIDvalidationAPI.php?${query}`)
    const status = String(body.status ?? '')
    const refundRefId = typeof body.refund_ref_id === 'string' ? body.refund_ref_id : ''
    if (body.APIConnect !== 'DONE' || !['success', 'processing'].includes(status) || !refundRefId)
      throw gatewayFailed('the refund was refused', body.errorReason ?? body.APIConnect)
    return { refundRefId, status }
  }

  /** Where a refund stands (`refunded`, `processing`, `cancelled`). */
  async refundStatus(refundRefId: string): Promise<GatewayRefund> {
    const query = new URLSearchParams({ refund_ref_id: refundRefId, ...this.credentials, format: 'json' })
    const body = await this.json(`${this.base}/validator/api/merchantTransIDvalidationAPI.php?${query}`)
    if (body.APIConnect !== 'DONE') throw gatewayFailed('the refund query was refused', body.errorReason)
    return { refundRefId, status: String(body.status ?? '') }
  }
}

type SessionRow = typeof gatewaySessions.$inferSelect

/** A session as the payment routes see every provider's payments. */
const toProviderIntent = (row: SessionRow): ProviderIntent => ({
  id: row.tranId,
  status:
    row.status === 'validated'
      ? 'succeeded'
      : row.status === 'held'
        ? 'processing'
        : row.status === 'cancelled'
          ? 'canceled'
          : 'requires_payment_method',
  amountPaisa: row.paidPaisa ?? row.amountPaisa,
  currency: ORDER_CURRENCY,
  orderId: row.orderId,
  clientSecret: null,
  redirectUrl: row.redirectUrl,
})

/**
 * The `gateway` method's provider. Each attempt to pay is a session of its own with a fresh
 * `tran_id` (`{orderNumber}-{8 hex}`), recorded in gateway_sessions with the order and the
 * amount asked: the IPN's payment is found by it, never by what the IPN says of the order.
 */
export class SslcommerzProvider implements PaymentProvider {
  readonly kind = 'sslcommerz' as const
  readonly client: SslcommerzClient
  constructor(
    private readonly db: Db,
    config: Config,
  ) {
    this.client = new SslcommerzClient(config)
    this.origin = config.shopUrl
  }

  /** The shop's origin (SHOP_URL): where the gateway sends the customer back, and its IPN. */
  private readonly origin: string

  async createOrReuseIntent(payable: PayableOrder): Promise<ProviderIntent> {
    const order = await this.db.select().from(orders).where(eq(orders.id, payable.id)).get()
    if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order.')
    // A payment the gateway holds for review pays the order once approved: a second one would
    // only be refunded.
    const held = await this.db
      .select({ tranId: gatewaySessions.tranId })
      .from(gatewaySessions)
      .where(and(eq(gatewaySessions.orderId, order.id), underReview()))
      .get()
    if (held) throw new ApiError(409, 'CONFLICT', PAYMENT_UNDER_REVIEW_MESSAGE)
    const tranId = `${order.orderNo ?? 'TH'}-${newId().slice(0, 8)}`
    const back = (result: string) => `${this.origin}/api/sslcommerz/return/${order.id}?result=${result}`
    const session = await this.client.createSession({
      ...sessionFields(order),
      total_amount: toTaka(order.totalPaisa).toFixed(2),
      currency: 'BDT',
      tran_id: tranId,
      success_url: back('success'),
      fail_url: back('fail'),
      cancel_url: back('cancel'),
      ipn_url: `${this.origin}/api/sslcommerz/ipn`,
      value_a: order.id,
    })
    const row = {
      tranId,
      orderId: order.id,
      amountPaisa: order.totalPaisa,
      sessionKey: session.sessionKey,
      redirectUrl: session.gatewayPageUrl,
    }
    await this.db.insert(gatewaySessions).values(row).run()
    return toProviderIntent({
      ...row,
      status: 'open',
      valId: null,
      bankTranId: null,
      paidPaisa: null,
      riskLevel: null,
      refundRefId: null,
      createdAt: Date.now(),
      updatedAt: Date.now(),
    })
  }

  async retrieve(tranId: string): Promise<ProviderIntent | null> {
    const row = await this.session(tranId)
    return row ? toProviderIntent(row) : null
  }

  /** The session with that tran_id, or undefined. */
  session(tranId: string): Promise<SessionRow | undefined> {
    return this.db.select().from(gatewaySessions).where(eq(gatewaySessions.tranId, tranId)).get()
  }

  /**
   * The gateway has no way to close a hosted session: its open sessions are closed here, so
   * none is offered again; a payment that still comes through one is refunded when its IPN
   * arrives (payments.service.ts). A payment already confirmed, or held for review for less than
   * {@link RISK_REVIEW_MAX_MS}, is reported (the order waits for it).
   */
  async releaseOpenIntents(payable: PayableOrder): Promise<ProviderIntent | null> {
    await this.db
      .update(gatewaySessions)
      .set({ status: 'cancelled', updatedAt: nowMs })
      .where(and(eq(gatewaySessions.orderId, payable.id), eq(gatewaySessions.status, 'open')))
      .run()
    const live = await this.db
      .select()
      .from(gatewaySessions)
      .where(
        and(
          eq(gatewaySessions.orderId, payable.id),
          or(eq(gatewaySessions.status, 'validated'), underReview()),
          isNull(gatewaySessions.refundRefId),
        ),
      )
      .orderBy(desc(gatewaySessions.updatedAt))
      .get()
    return live ? toProviderIntent(live) : null
  }

  /**
   * Records a payment the validation API confirmed (a session held before may be released by a
   * later look). Conditional: a session already validated is left as it is.
   */
  async recordPayment(tranId: string, v: GatewayValidation): Promise<void> {
    await this.db
      .update(gatewaySessions)
      .set({ ...paymentColumns(v), status: 'validated', updatedAt: nowMs })
      .where(and(eq(gatewaySessions.tranId, tranId), inArray(gatewaySessions.status, ['open', 'cancelled', 'held'])))
      .run()
  }

  /**
   * Records a confirmed payment the gateway holds for risk review (risk_level 1): the session
   * becomes `held` and the order's history tells the admin, in one guarded batch, so a
   * replayed IPN writes neither twice. The order is not paid.
   */
  async recordHold(tranId: string, v: GatewayValidation, orderStatus: OrderStatus): Promise<void> {
    const session = await this.session(tranId)
    if (!session) return
    const c = paymentColumns(v)
    const note = `SSLCommerz holds payment ${tranId} (${toTaka(v.amountPaisa ?? 0).toFixed(2)} BDT, bank transaction ${v.bankTranId}) for risk review (risk level ${v.riskLevel}): the order is not paid. Approve or refund it in the SSLCommerz merchant panel.`
    const entry = insertIfChanged('order_events', {
      id: newId(),
      booking_id: session.orderId,
      status: orderStatus,
      actor: 'payment',
      actor_email: null,
      note,
    })
    await runBatch(this.db, [
      sqlPart`update gateway_sessions set status = 'held', val_id = ${c.valId}, bank_tran_id = ${c.bankTranId},
                paid_paisa = ${c.paidPaisa}, risk_level = ${c.riskLevel}, updated_at = ${Date.now()}
              where tran_id = ${tranId} and status in ('open', 'cancelled')`,
      entry.statement,
    ])
  }

  async refund({ intentId, amountPaisa, orderId, reason }: RefundRequest): Promise<{ id: string }> {
    const row = await this.session(intentId)
    if (!row?.bankTranId)
      throw new ApiError(502, 'PROVIDER_FAILED', 'The payment to refund was not found at the payment gateway.')
    if (row.refundRefId) return { id: row.refundRefId }
    let refund: GatewayRefund
    try {
      refund = await this.client.refund({
        bankTranId: row.bankTranId,
        amountPaisa,
        remarks: reason ?? `Refund of order ${orderId}`,
        refeId: `refund-${intentId}`,
      })
    } catch (err) {
      // A second refund of the same payment (another admin's click, the IPN's retry) is refused
      // by the gateway; the first one's id is the answer then.
      const again = await this.session(intentId)
      if (again?.refundRefId) return { id: again.refundRefId }
      throw err
    }
    await this.db
      .update(gatewaySessions)
      .set({ refundRefId: refund.refundRefId, updatedAt: nowMs })
      .where(and(eq(gatewaySessions.tranId, intentId), isNull(gatewaySessions.refundRefId)))
      .run()
    return { id: (await this.session(intentId))?.refundRefId ?? refund.refundRefId }
  }
}

const paymentColumns = (v: GatewayValidation) => ({
  valId: v.valId,
  bankTranId: v.bankTranId,
  paidPaisa: v.amountPaisa,
  riskLevel: v.riskLevel,
})

/** The customer, shipping and product fields the session API requires, from the order. */
function sessionFields(order: OrderRow): Record<string, string> {
  const a = order.deliveryAddress
  const line = (value: string | null | undefined, fallback: string) => (value?.trim() ? value.trim() : fallback)
  const city = line(a?.city ?? a?.district, 'Dhaka')
  return {
    cus_name: line(order.customerName, order.customer),
    cus_email: order.customer,
    cus_phone: line(order.phone, '01700000000'),
    cus_add1: line(a?.line1 ?? order.address, city),
    cus_city: city,
    cus_postcode: line(a?.postcode, '1000'),
    cus_country: 'Bangladesh',
    shipping_method: order.deliveryMethod === 'pickup' ? 'NO' : 'Courier',
    num_of_item: String(order.lineCount),
    ship_name: line(a?.name ?? order.customerName, order.customer),
    ship_add1: line(a?.line1 ?? order.address, city),
    ship_city: city,
    ship_postcode: line(a?.postcode, '1000'),
    ship_country: 'Bangladesh',
    product_name: order.service.slice(0, 255),
    product_category: 'Tools',
    product_profile: 'physical-goods',
  }
}
