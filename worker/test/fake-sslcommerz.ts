/**
 * vitest globalSetup (runs in Node, not in workerd), also started by e2e/gateway.ts: a small
 * stand-in for SSLCommerz's API v4, so the Worker's fetch client is tested over a real socket.
 * It speaks the gateway's form-encoded requests and JSON answers:
 *
 * - `POST /gwprocess/v4/api.php` (form): a hosted-checkout session. Needs the store's
 *   credentials (`FAKE_SSLCOMMERZ_STORE`), `total_amount`, `currency`, `tran_id`, the four URLs
 *   and the customer, shipping and product fields; answers `{status: "SUCCESS", sessionkey,
 *   GatewayPageURL}` or `{status: "FAILED", failedreason}`.
 * - `GET /gwprocess/v4/gw.php?Q=pay&SESSIONKEY=…`: the gateway's page (HTML) with **Pay**,
 *   **Fail** and **Cancel**; each completes the session and posts the browser back to the
 *   session's success, fail or cancel URL, as the gateway does. The IPN is not sent by the
 *   page: `POST /__ipn` sends it (so a test sees the payment page before and after it).
 * - `GET /validator/api/validationserverAPI.php?val_id&store_id&store_passwd&format=json`:
 *   `VALID` the first time a paid transaction is asked for, `VALIDATED` afterwards,
 *   `INVALID_TRANSACTION` for an unknown `val_id` (or one paid with `validation` set).
 * - `GET /validator/api/merchantTransIDvalidationAPI.php`: with `bank_tran_id`,
 *   `refund_amount`, `refund_remarks` a refund (`{APIConnect: "DONE", status: "success",
 *   refund_ref_id}`; `failed` with `errorReason` for an unknown payment, an amount over what is
 *   left, or one already refunded); with `refund_ref_id` the refund's status (`refunded`).
 *
 * Test controls: `POST /__pay` (JSON `{tran_id, amount?, risk_level?, validation?, status?}`)
 * completes a session as a customer paying would and answers the IPN's form fields; `POST
 * /__review` (JSON `{tran_id, risk_level?}`) ends the risk review of its payment (risk level 0:
 * approved) and answers the IPN's fields as the gateway sends them again; `POST
 * /__ipn` (JSON `{tran_id}`) posts that transaction's IPN to the session's `ipn_url` and answers
 * `{status, body}`; `GET /__requests` lists every API request received; `GET /__refunds` the
 * refunds made.
 *
 * Tests read its base URL with `inject('sslcommerzUrl')` and pass it as SSLCOMMERZ_API_BASE.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { TestProject } from 'vitest/node'
import { listenOnLoopback, readBody } from './local-server'

declare module 'vitest' {
  export interface ProvidedContext {
    sslcommerzUrl: string
  }
}

/** The store the fake knows (what the tests configure as SSLCOMMERZ_STORE_ID / _PASSWORD). */
export const FAKE_SSLCOMMERZ_STORE = { id: 'toolhaus_test', password: 'toolhaus_test@ssl' }

export type FakeSslcommerzRequest = { method: string; path: string; params: Record<string, string> }
export type FakeRefund = { refund_ref_id: string; bank_tran_id: string; amount: string; remarks: string }

type Session = { key: string; fields: Record<string, string>; txn?: Txn }
type Txn = {
  val_id: string
  tran_id: string
  bank_tran_id: string
  amount: string
  currency: string
  status: 'VALID' | 'FAILED' | 'CANCELLED'
  risk_level: string
  /** Forces the validation API's answer (INVALID_TRANSACTION, say). */
  validation?: string
  validatedBefore: boolean
  refunded: number
}

const REQUIRED_SESSION_FIELDS = [
  'total_amount',
  'currency',
  'tran_id',
  'success_url',
  'fail_url',
  'cancel_url',
  'cus_name',
  'cus_email',
  'cus_add1',
  'cus_city',
  'cus_country',
  'cus_phone',
  'shipping_method',
  'product_name',
  'product_category',
  'product_profile',
]

const id = (prefix: string, bytes = 8) => `${prefix}${randomBytes(bytes).toString('hex')}`
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Starts the fake; answers its base URL through `provide('sslcommerzUrl')` and a close() for the teardown. */
export default async function setup(project: Pick<TestProject, 'provide'>) {
  const sessions = new Map<string, Session>()
  const byTran = new Map<string, Session>()
  const byVal = new Map<string, Txn>()
  const refunds: FakeRefund[] = []
  const received: FakeSslcommerzRequest[] = []
  let base = ''

  const storeOk = (p: Record<string, string>) =>
    p.store_id === FAKE_SSLCOMMERZ_STORE.id && p.store_passwd === FAKE_SSLCOMMERZ_STORE.password

  function createSession(p: Record<string, string>): unknown {
    if (!storeOk(p)) return { status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' }
    const missing = REQUIRED_SESSION_FIELDS.filter((f) => !p[f])
    if (missing.length) return { status: 'FAILED', failedreason: `Mandatory field missing: ${missing.join(', ')}` }
    if (!/^\d+(\.\d{1,2})?$/.test(p.total_amount!) || Number(p.total_amount) < 10)
      return { status: 'FAILED', failedreason: 'Invalid total_amount: 10.00 BDT or more' }
    if (byTran.has(p.tran_id!)) return { status: 'FAILED', failedreason: 'Duplicate tran_id' }
    const key = id('', 16).toUpperCase()
    const session: Session = { key, fields: { ...p } }
    sessions.set(key, session)
    byTran.set(p.tran_id!, session)
    return {
      status: 'SUCCESS',
      failedreason: '',
      sessionkey: key,
      GatewayPageURL: `${base}/gwprocess/v4/gw.php?Q=pay&SESSIONKEY=${key}`,
      redirectGatewayURL: `${base}/gwprocess/v4/bankgw/indexhtml.php?SESSIONKEY=${key}`,
    }
  }

  /** Completes a session: the customer paid (or failed, or cancelled) on the gateway's page. */
  function pay(session: Session, opts: Record<string, unknown> = {}): Txn {
    const txn: Txn = {
      val_id: id('VAL'),
      tran_id: session.fields.tran_id!,
      bank_tran_id: id('BTX'),
      amount: typeof opts.amount === 'string' ? opts.amount : Number(session.fields.total_amount).toFixed(2),
      currency: 'BDT',
      status: opts.status === 'FAILED' || opts.status === 'CANCELLED' ? opts.status : 'VALID',
      risk_level: typeof opts.risk_level === 'string' ? opts.risk_level : '0',
      ...(typeof opts.validation === 'string' ? { validation: opts.validation } : {}),
      validatedBefore: false,
      refunded: 0,
    }
    session.txn = txn
    if (txn.status === 'VALID') byVal.set(txn.val_id, txn)
    return txn
  }

  /** The form fields the gateway posts to the IPN and to the success URL. */
  const ipnFields = (session: Session, txn: Txn): Record<string, string> => ({
    status: txn.status,
    tran_id: txn.tran_id,
    ...(txn.status === 'VALID' ? { val_id: txn.val_id, bank_tran_id: txn.bank_tran_id } : {}),
    amount: txn.amount,
    store_amount: (Number(txn.amount) * 0.975).toFixed(2),
    currency: 'BDT',
    card_type: 'BKASH-BKash',
    tran_date: new Date().toISOString().replace('T', ' ').slice(0, 19),
    risk_level: txn.risk_level,
    risk_title: txn.risk_level === '0' ? 'Safe' : 'Risky',
    value_a: session.fields.value_a ?? '',
    verify_sign: randomBytes(16).toString('hex'),
    verify_key: 'amount,bank_tran_id,currency,risk_level,status,tran_id,val_id',
  })

  function validate(p: Record<string, string>): unknown {
    if (!storeOk(p)) return { status: 'INVALID_REQUEST', APIConnect: 'INVALID_REQUEST' }
    const txn = byVal.get(p.val_id ?? '')
    if (!txn || txn.validation) return { status: txn?.validation ?? 'INVALID_TRANSACTION', APIConnect: 'DONE' }
    const status = txn.validatedBefore ? 'VALIDATED' : 'VALID'
    txn.validatedBefore = true
    return {
      status,
      tran_date: new Date().toISOString().replace('T', ' ').slice(0, 19),
      tran_id: txn.tran_id,
      val_id: txn.val_id,
      amount: txn.amount,
      store_amount: (Number(txn.amount) * 0.975).toFixed(2),
      currency: txn.currency,
      bank_tran_id: txn.bank_tran_id,
      card_type: 'BKASH-BKash',
      card_no: '',
      card_issuer: 'BKash Mobile Banking',
      card_brand: 'MOBILEBANKING',
      card_issuer_country: 'Bangladesh',
      card_issuer_country_code: 'BD',
      currency_type: 'BDT',
      currency_amount: txn.amount,
      currency_rate: '1.0000',
      base_fair: '0.00',
      value_a: byTran.get(txn.tran_id)?.fields.value_a ?? '',
      value_b: '',
      value_c: '',
      value_d: '',
      risk_level: txn.risk_level,
      risk_title: txn.risk_level === '0' ? 'Safe' : 'Risky',
      APIConnect: 'DONE',
      validated_on: new Date().toISOString().replace('T', ' ').slice(0, 19),
      gw_version: '',
    }
  }

  function merchantApi(p: Record<string, string>): unknown {
    if (!storeOk(p)) return { APIConnect: 'INVALID_REQUEST', status: 'failed', errorReason: 'Invalid store' }
    if (p.refund_ref_id) {
      const refund = refunds.find((r) => r.refund_ref_id === p.refund_ref_id)
      return refund
        ? {
            APIConnect: 'DONE',
            bank_tran_id: refund.bank_tran_id,
            tran_id: [...byVal.values()].find((t) => t.bank_tran_id === refund.bank_tran_id)?.tran_id ?? '',
            refund_ref_id: refund.refund_ref_id,
            initiated_on: new Date().toISOString().replace('T', ' ').slice(0, 19),
            refunded_on: new Date().toISOString().replace('T', ' ').slice(0, 19),
            status: 'refunded',
            errorReason: '',
          }
        : { APIConnect: 'DONE', status: 'failed', errorReason: 'Invalid refund_ref_id' }
    }
    if (p.bank_tran_id) {
      const txn = [...byVal.values()].find((t) => t.bank_tran_id === p.bank_tran_id)
      const failed = (errorReason: string) => ({
        APIConnect: 'DONE',
        bank_tran_id: p.bank_tran_id,
        trans_id: txn?.tran_id ?? '',
        refund_ref_id: '',
        status: 'failed',
        errorReason,
      })
      if (!txn) return failed('Invalid bank_tran_id')
      const amount = Number(p.refund_amount)
      const left = Math.round(Number(txn.amount) * 100) - txn.refunded
      if (left <= 0) return failed('Already refunded')
      if (!/^\d+(\.\d{1,2})?$/.test(p.refund_amount ?? '') || Math.round(amount * 100) > left)
        return failed('Refund amount is greater than the transaction amount')
      if (!p.refund_remarks) return failed('refund_remarks is required')
      txn.refunded += Math.round(amount * 100)
      const refund = {
        refund_ref_id: id('RF'),
        bank_tran_id: txn.bank_tran_id,
        amount: p.refund_amount!,
        remarks: p.refund_remarks,
      }
      refunds.push(refund)
      return {
        APIConnect: 'DONE',
        bank_tran_id: txn.bank_tran_id,
        trans_id: txn.tran_id,
        refund_ref_id: refund.refund_ref_id,
        status: 'success',
        errorReason: '',
      }
    }
    return { APIConnect: 'INVALID_REQUEST', status: 'failed', errorReason: 'Nothing asked' }
  }

  /** The gateway's page: the order, and what the customer can do on it. */
  const page = (session: Session) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SSLCommerz (fake) – pay ${escapeHtml(session.fields.tran_id!)}</title></head>
<body><main><h1>Fake SSLCommerz</h1>
<p>Pay <strong>${escapeHtml(session.fields.total_amount!)} ${escapeHtml(session.fields.currency!)}</strong> to the shop for ${escapeHtml(session.fields.product_name!)}.</p>
${['pay', 'fail', 'cancel']
  .map(
    (action) => `<form method="post" action="/gwprocess/v4/gw.php?SESSIONKEY=${session.key}">
<input type="hidden" name="action" value="${action}"><button type="submit">${action === 'pay' ? 'Pay with bKash' : action === 'fail' ? 'Fail the payment' : 'Cancel the payment'}</button></form>`,
  )
  .join('\n')}
</main></body></html>`

  /** Posts the browser back to the shop, as the gateway does: a form that submits itself. */
  const postBack = (url: string, fields: Record<string, string>) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Returning to the shop</title></head>
<body><form id="back" method="post" action="${escapeHtml(url)}">
${Object.entries(fields)
  .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
  .join('\n')}
<button type="submit">Return to the shop</button></form>
<script>document.getElementById('back').submit()</script></body></html>`

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const raw = await readBody(req)
      const isJson = (req.headers['content-type'] ?? '').includes('application/json')
      const body: Record<string, unknown> = isJson
        ? JSON.parse(raw || '{}')
        : Object.fromEntries(new URLSearchParams(raw))
      const params = { ...Object.fromEntries(url.searchParams), ...(body as Record<string, string>) }
      const path = url.pathname
      if (path === '/__requests') return send(res, 200, received)
      // The browser asks the gateway's origin for its icon: none, and no error in the console.
      if (path === '/favicon.ico') {
        res.writeHead(204)
        return res.end()
      }
      if (path === '/__refunds') return send(res, 200, refunds)
      if (path === '/__pay' && req.method === 'POST') {
        const session = byTran.get(String(body.tran_id ?? ''))
        if (!session) return send(res, 404, { error: 'no such tran_id' })
        return send(res, 200, ipnFields(session, pay(session, body)))
      }
      if (path === '/__review' && req.method === 'POST') {
        const session = byTran.get(String(body.tran_id ?? ''))
        if (!session?.txn) return send(res, 404, { error: 'no payment for that tran_id' })
        session.txn.risk_level = String(body.risk_level ?? '0')
        return send(res, 200, ipnFields(session, session.txn))
      }
      if (path === '/__ipn' && req.method === 'POST') {
        const session = byTran.get(String(body.tran_id ?? ''))
        if (!session?.txn) return send(res, 404, { error: 'no payment for that tran_id' })
        const answer = await fetch(session.fields.ipn_url!, {
          method: 'POST',
          body: new URLSearchParams(ipnFields(session, session.txn)),
        })
        return send(res, 200, { status: answer.status, body: await answer.text() })
      }
      received.push({ method: req.method ?? '', path, params })
      if (path === '/gwprocess/v4/api.php' && req.method === 'POST') return send(res, 200, createSession(params))
      if (path === '/gwprocess/v4/gw.php') {
        const session = sessions.get(params.SESSIONKEY ?? '')
        if (!session) return html(res, 404, '<!doctype html><title>Session expired</title><p>Invalid session.</p>')
        if (req.method === 'GET') return html(res, 200, page(session))
        const action = params.action
        const txn = pay(session, { status: action === 'fail' ? 'FAILED' : action === 'cancel' ? 'CANCELLED' : 'VALID' })
        const to =
          action === 'fail'
            ? session.fields.fail_url!
            : action === 'cancel'
              ? session.fields.cancel_url!
              : session.fields.success_url!
        return html(res, 200, postBack(to, ipnFields(session, txn)))
      }
      if (path === '/validator/api/validationserverAPI.php') return send(res, 200, validate(params))
      if (path === '/validator/api/merchantTransIDvalidationAPI.php') return send(res, 200, merchantApi(params))
      return html(res, 404, '<!doctype html><title>Not found</title>')
    } catch (err) {
      return send(res, 500, { error: String(err) })
    }
  })

  const listening = await listenOnLoopback(server)
  base = listening.url
  project.provide('sslcommerzUrl', base)
  return listening.close
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(body))
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' })
  res.end(body)
}
