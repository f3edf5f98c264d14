import { toPaisa, toTaka } from '#schemas/bdt.ts'
import { DEFAULT_SETTINGS, DELIVERY_ZONES, type ShopSettings, type ZoneFees } from '#schemas/delivery.ts'
import { DISTRICT_ZONES, type Settings, type SettingsPatch } from '#schemas/settings.ts'
import { NOW_MS_SQL } from '#worker/db/now.ts'
import { settings } from '#worker/db/schema.ts'
import type { Db } from '#worker/lib/db.ts'
import { runBatch, sqlPart, sqlText } from '#worker/lib/guarded.ts'
import { auditStatement } from '../audit/audit.service'

const SECTIONS = ['shop', 'delivery', 'bank', 'cod'] as const
type Section = (typeof SECTIONS)[number]

/**
 * The shop's settings: each section as stored, or the contract's default while none is. A
 * section stored before a field was added gets that field's default.
 */
export async function loadSettings(db: Db): Promise<ShopSettings> {
  const rows = await db.select().from(settings)
  return settingsFrom(Object.fromEntries(rows.map((r) => [r.key, r.value])))
}

/** The settings from their stored sections (by key, as the table keeps them), the defaults for what is missing. */
export function settingsFrom(sections: Record<string, unknown>): ShopSettings {
  const stored = sections as Partial<ShopSettings>
  return {
    shop: { ...DEFAULT_SETTINGS.shop, ...stored.shop },
    delivery: {
      zones: stored.delivery?.zones ?? DEFAULT_SETTINGS.delivery.zones,
      pickup: { ...DEFAULT_SETTINGS.delivery.pickup, ...stored.delivery?.pickup },
    },
    bank: { ...DEFAULT_SETTINGS.bank, ...stored.bank },
    cod: { ...DEFAULT_SETTINGS.cod, ...stored.cod },
  }
}

/** The settings as `GET /api/settings` answers them: taka, and the fixed districts. */
export function toSettingsAnswer(s: ShopSettings): Settings {
  return {
    shop: s.shop,
    delivery: {
      zones: s.delivery.zones.map((z) => ({
        id: z.id,
        name: z.name,
        fee: toTaka(z.feePaisa),
        includedKg: z.includedKg,
        perKg: toTaka(z.perKgPaisa),
        freeOver: z.freeOverPaisa === null ? null : toTaka(z.freeOverPaisa),
      })),
      districts: [...DISTRICT_ZONES],
      pickup: s.delivery.pickup,
    },
    bank: s.bank,
    cod: { enabled: s.cod.enabled, maxTotal: toTaka(s.cod.maxTotalPaisa) },
  }
}

/** The sections a PATCH sends, as stored: paisa, zones in the contract's order, each field named (nothing unknown). */
function toStored(patch: SettingsPatch): Partial<ShopSettings> {
  const out: Partial<ShopSettings> = {}
  if (patch.shop) {
    const { name, legalName, bin, address, phone, email } = patch.shop
    out.shop = { name, legalName, bin, address, phone, email }
  }
  if (patch.delivery) {
    const zones = DELIVERY_ZONES.map((id): ZoneFees => {
      const z = patch.delivery!.zones.find((zone) => zone.id === id)!
      return {
        id,
        name: z.name,
        feePaisa: toPaisa(z.fee),
        includedKg: z.includedKg,
        perKgPaisa: toPaisa(z.perKg),
        freeOverPaisa: z.freeOver === null ? null : toPaisa(z.freeOver),
      }
    })
    const { address, hours } = patch.delivery.pickup
    out.delivery = { zones, pickup: { address, hours } }
  }
  if (patch.bank) {
    const { bankName, branch, accountName, accountNumber, routingNumber, holdHours } = patch.bank
    out.bank = { bankName, branch, accountName, accountNumber, routingNumber, holdHours }
  }
  if (patch.cod) out.cod = { enabled: patch.cod.enabled, maxTotalPaisa: toPaisa(patch.cod.maxTotal) }
  return out
}

/** Every leaf of a value by its path (zones by their id), as text: what the audit entry compares. */
function leaves(value: unknown, path: string, into = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value))
    value.forEach((item, i) => {
      leaves(item, `${path}.${(item as { id?: string })?.id ?? i}`, into)
    })
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, into)
  else into.set(path, JSON.stringify(value))
  return into
}

/** Whether two values have the same leaves, whatever the order of their keys. */
function sameValue(a: unknown, b: unknown): boolean {
  const x = leaves(a, '')
  const y = leaves(b, '')
  return x.size === y.size && [...x].every(([path, value]) => y.get(path) === value)
}

/** What changed, field by field, in taka: `delivery.zones.dhaka.fee 80 → 95; shop.bin "" → "…"`. */
function describeChanges(before: ShopSettings, after: ShopSettings, changed: readonly Section[]): string {
  const was = toSettingsAnswer(before)
  const now = toSettingsAnswer(after)
  const lines: string[] = []
  for (const key of changed) {
    const old = leaves(was[key], key)
    for (const [path, value] of leaves(now[key], key)) {
      if (old.get(path) !== value) lines.push(`${path} ${old.get(path) ?? 'none'} → ${value}`)
    }
  }
  return lines.join('; ')
}

/**
 * Replaces the sections `patch` sends, each whole. A section equal to what the shop has now
 * (stored or the default) is left as it is; the others are written in one D1 batch with their
 * audit entry (`settings.update`, target the changed sections, detail field by field).
 * @returns modifiedCount: 1 when anything changed, 0 when every section sent was already so
 *   (the settings are one record, as MongoDB counts documents).
 */
export async function updateSettings(db: Db, patch: SettingsPatch, actor: string): Promise<number> {
  const before = await loadSettings(db)
  const sent = toStored(patch)
  const after: ShopSettings = { ...before, ...sent }
  const changed = SECTIONS.filter((k) => sent[k] !== undefined && !sameValue(sent[k], before[k]))
  if (changed.length === 0) return 0
  const writes = changed.map(
    (key) =>
      sqlPart`insert into settings (key, value) values (${key}, ${JSON.stringify(after[key])})
            on conflict (key) do update set value = excluded.value, updated_at = ${sqlText(NOW_MS_SQL)}`,
  )
  await runBatch(db, [
    ...writes,
    auditStatement(db, {
      actor,
      action: 'settings.update',
      target: changed.join(', '),
      detail: describeChanges(before, after, changed),
    }),
  ])
  return 1
}
