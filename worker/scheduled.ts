import { getConfig } from './env'
import { deliverQueuedMail } from './features/mail/mail.service'
import { type ExpiryReport, expireUnpaidOrders, orderDeps } from './features/orders/orders.service'
import { pruneWebhookEvents } from './features/payments/payments.service'
import { expireQuotes } from './features/quotes/quotes.service'
import { getDb } from './lib/db'

const HOUR_MS = 60 * 60 * 1000
/** At most this many orders per run; the rest wait for the next run (every 15 minutes). */
const EXPIRY_BATCH = 200
/** At most this many queued e-mails are delivered per run. */
const MAIL_BATCH = 100
/** Webhook event ids are kept this long to recognise replays (Stripe retries for 3 days). */
const WEBHOOK_EVENT_RETENTION_MS = 30 * 24 * HOUR_MS

/**
 * Cron work (wrangler.toml `[triggers] crons`): expires unpaid orders older than
 * UNPAID_HOLD_MINUTES, giving their stock back exactly once and making their open intents
 * unpayable first. An order whose payment turns out to have succeeded is marked paid
 * instead; one whose payment is in flight, or whose provider could not be reached, is
 * left for the next run.
 * @param now the run's scheduled time (ms since the epoch).
 */
export async function runScheduled(env: Env, now: number): Promise<ExpiryReport> {
  const config = getConfig(env)
  const db = getDb(env)
  const report = await expireUnpaidOrders(orderDeps(config, db), now - config.unpaidHoldMs, EXPIRY_BATCH)
  await pruneWebhookEvents(db, now - WEBHOOK_EVENT_RETENTION_MS)
  // Offers past their validUntil read `expired` anyway; stored so, the desk's tabs stay exact.
  await expireQuotes(db, now)
  // E-mails whose first delivery failed (or that the expiry just queued) go out now.
  const mail = await deliverQueuedMail(db, config, MAIL_BATCH)
  if (mail.failed) console.warn('E-mail delivery', mail)
  if (report.cancelled || report.paid || report.skipped) console.log('Order expiry', report)
  return report
}
