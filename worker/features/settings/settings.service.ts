import { DEFAULT_SETTINGS, type ShopSettings } from '#schemas/delivery.ts'
import { settings } from '#worker/db/schema.ts'
import type { Db } from '#worker/lib/db.ts'

/** The shop's settings: each section as stored, or the contract's default while none is. */
export async function loadSettings(db: Db): Promise<ShopSettings> {
  const rows = await db.select().from(settings)
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value])) as Partial<ShopSettings>
  return {
    shop: stored.shop ?? DEFAULT_SETTINGS.shop,
    delivery: stored.delivery ?? DEFAULT_SETTINGS.delivery,
    bank: stored.bank ?? DEFAULT_SETTINGS.bank,
    cod: stored.cod ?? DEFAULT_SETTINGS.cod,
  }
}
