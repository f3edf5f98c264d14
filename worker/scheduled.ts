import { getConfig } from './env'
import { cancelBooking, paymentProvider, pruneWebhookEvents } from './features/payments/payments.service'
import { findExpiredUnpaid } from './features/bookings/bookings.service'
import { getDb } from './lib/db'

const HOUR_MS = 60 * 60 * 1000
/** At most this many bookings per run; the rest wait for the next run (every 15 minutes). */
export const EXPIRY_BATCH = 200
/** Webhook event ids are kept this long to recognise replays (Stripe retries for 3 days). */
const WEBHOOK_EVENT_RETENTION_MS = 30 * 24 * HOUR_MS

export type ScheduledReport = { cancelled: number; paid: number; skipped: number }

/**
 * Cron work (wrangler.toml `[triggers] crons`): expires unpaid bookings older than
 * BOOKING_TTL_HOURS, giving their stock back exactly once and making their open intents
 * unpayable first. A booking whose payment turns out to have succeeded is marked paid
 * instead; one whose payment is in flight, or whose provider could not be reached, is
 * left for the next run.
 * @param now the run's scheduled time (ms since the epoch).
 */
export async function runScheduled(env: Env, now: number): Promise<ScheduledReport> {
  const config = getConfig(env)
  const db = getDb(env)
  const provider = paymentProvider(config, db)
  const report: ScheduledReport = { cancelled: 0, paid: 0, skipped: 0 }

  const expired = await findExpiredUnpaid(db, now - config.BOOKING_TTL_HOURS * HOUR_MS, EXPIRY_BATCH)
  for (const booking of expired) {
    try {
      const outcome = await cancelBooking(db, provider, booking)
      if (outcome === 'cancelled') report.cancelled += 1
      else if (outcome === 'paid') report.paid += 1
      else report.skipped += 1
    } catch (err) {
      report.skipped += 1
      console.error(`Expiring booking ${booking.id} failed; the next run tries again`, err)
    }
  }

  await pruneWebhookEvents(db, now - WEBHOOK_EVENT_RETENTION_MS)
  if (report.cancelled || report.paid || report.skipped) console.log('Booking expiry', report)
  return report
}
