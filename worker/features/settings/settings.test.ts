/**
 * GET and PATCH /api/settings (api.md "Delivery"), through HTTP: the defaults in taka with the
 * fixed districts, who may change them, every validation message, a section replaced whole and
 * kept in paisa, the audit entry written with the change, districts and unknown keys, and the
 * public answer's kept copy dropped by a change.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '#schemas/audit.ts'
import { DISTRICTS, deliveryFeePaisa } from '#schemas/delivery.ts'
import type { Settings } from '#schemas/settings.ts'
import { getDb } from '#worker/lib/db.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import { signIn } from '#worker/test/tokens.ts'
import { loadSettings } from './settings.service'

const ADMIN = 'admin@example.com'
let admin: string
let customer: string
beforeAll(async () => {
  ;[admin, customer] = await Promise.all([signIn(ADMIN), signIn('settings-customer@example.com')])
})

const read = async () => json<Settings>(await call('GET', '/api/settings'))
/** PATCH as the admin, or as `as` (null: no token). */
const patch = (body: unknown, as: string | null = admin) =>
  call('PATCH', '/api/settings', { as: as ?? undefined, body })
const stored = async (key: string) =>
  (await env.DB.prepare('select value from settings where key = ?').bind(key).first<{ value: string }>())?.value
const settingsEntries = async () =>
  (await json<AuditEntry[]>(await call('GET', '/api/audit?limit=100', { as: admin }))).filter(
    (e) => e.action === 'settings.update',
  )

const SHOP = {
  name: 'Toolhaus',
  legalName: 'Toolhaus Manufacturing Ltd.',
  bin: '0004567891234',
  address: 'Plot 14, Road 7, Tejgaon Industrial Area, Dhaka 1208',
  phone: '+880 2-8870 1992',
  email: 'sales@toolhaus.example',
}
const ZONES = [
  { id: 'dhaka', name: 'Dhaka city', fee: 80, includedKg: 5, perKg: 10, freeOver: 50_000 },
  { id: 'near', name: 'Around Dhaka', fee: 130, includedKg: 5, perKg: 15, freeOver: 50_000 },
  { id: 'outside', name: 'Rest of Bangladesh', fee: 200, includedKg: 5, perKg: 20, freeOver: 50_000 },
]
const DELIVERY = { zones: ZONES, pickup: { address: 'Factory gate, Tejgaon, Dhaka', hours: 'Sat–Thu 9:00–18:00' } }
const BANK = {
  bankName: 'Dutch-Bangla Bank',
  branch: 'Tejgaon',
  accountName: 'Toolhaus Manufacturing Ltd.',
  accountNumber: '1234567890123',
  routingNumber: '090263479',
  holdHours: 72,
}
const COD = { enabled: true, maxTotal: 20_000 }

describe('GET /api/settings', () => {
  it("answers the contract's defaults before any change, in taka, to anyone, as a public answer", async () => {
    const res = await call('GET', '/api/settings')
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate, s-maxage=60')
    expect(res.headers.get('ETag')).toMatch(/^"[0-9a-f]{32}"$/)
    const { delivery, ...rest } = await json<Settings>(res)
    expect(rest).toEqual({
      shop: { name: 'Toolhaus', legalName: '', bin: '', address: '', phone: '', email: '' },
      bank: { bankName: '', branch: '', accountName: '', accountNumber: '', routingNumber: '', holdHours: 72 },
      cod: { enabled: false, maxTotal: 20_000 },
    })
    expect(delivery.zones).toEqual(ZONES)
    expect(delivery.pickup).toEqual({ address: '', hours: '' })
    const etag = res.headers.get('ETag')!
    expect((await call('GET', '/api/settings', { headers: { 'If-None-Match': etag } })).status).toBe(304)
  })

  it('lists the 64 districts by name with their zones: Dhaka, the five around it, and the rest outside', async () => {
    const { districts } = (await read()).delivery
    expect(districts.map((d) => d.name)).toEqual([...DISTRICTS])
    expect(districts.filter((d) => d.zone === 'dhaka').map((d) => d.name)).toEqual(['Dhaka'])
    expect(districts.filter((d) => d.zone === 'near').map((d) => d.name)).toEqual([
      'Gazipur',
      'Manikganj',
      'Munshiganj',
      'Narayanganj',
      'Narsingdi',
    ])
    expect(districts.filter((d) => d.zone === 'outside')).toHaveLength(58)
  })
})

describe('PATCH /api/settings: who may', () => {
  it('refuses a visitor without a token (401) and a customer (403), changing nothing', async () => {
    const before = await read()
    const anonymous = await patch({ cod: COD }, null)
    expect(anonymous.status).toBe(401)
    expect((await errorOf(anonymous)).code).toBe('UNAUTHENTICATED')
    const notAdmin = await patch({ cod: COD }, customer)
    expect(notAdmin.status).toBe(403)
    expect((await errorOf(notAdmin)).code).toBe('FORBIDDEN')
    expect(await read()).toEqual(before)
    expect(await stored('cod')).toBeUndefined()
  })
})

describe('PATCH /api/settings: validation', () => {
  const zone = (changes: Record<string, unknown>, i = 0) => ({
    delivery: { ...DELIVERY, zones: ZONES.map((z, j) => (j === i ? { ...z, ...changes } : z)) },
  })
  const without = <T extends object>(value: T, key: keyof T) =>
    Object.fromEntries(Object.entries(value).filter(([k]) => k !== key))
  const DISTRICTS_FIXED =
    'Districts and their zones are fixed (api.md "Delivery") and cannot be changed: leave districts out.'
  const ZONES_INVALID = 'Send exactly the three zones dhaka, near and outside, once each.'
  const BANK_INCOMPLETE = 'Fill in the bank, the account name and the account number, or leave all three empty.'
  const SEND_A_SECTION = 'Send at least one of shop, delivery, bank or cod, each with all its fields.'
  const HOLD = 'Hold bank-transfer orders for a whole number of hours from 1 to 336 (14 days).'
  const INCLUDED = 'Included kg must be a whole number from 0 to 1,000.'

  const CASES: [string, unknown, string, string][] = [
    ['an empty body', {}, 'json', SEND_A_SECTION],
    ['only unknown keys', { theme: 'dark' }, 'json', SEND_A_SECTION],
    ['a body that is not an object', [1, 2], 'json', SEND_A_SECTION],
    ['a section that is not an object', { shop: 'Toolhaus' }, 'shop', 'shop must be an object with all its fields.'],
    ['a shop without a name', { shop: { ...SHOP, name: ' ' } }, 'shop.name', "Enter the shop's name."],
    [
      'a name too long',
      { shop: { ...SHOP, name: 'x'.repeat(121) } },
      'shop.name',
      "The shop's name must be 120 characters or fewer.",
    ],
    [
      'no legal name',
      { shop: { ...SHOP, legalName: '\u200b' } },
      'shop.legalName',
      "Enter the company's legal name; it prints on tax invoices.",
    ],
    ['a BIN of 12 digits', { shop: { ...SHOP, bin: '000456789123' } }, 'shop.bin', 'Enter the 13-digit BIN.'],
    ['a BIN of 14 digits', { shop: { ...SHOP, bin: '00045678912345' } }, 'shop.bin', 'Enter the 13-digit BIN.'],
    ['a BIN with letters', { shop: { ...SHOP, bin: '000456789123A' } }, 'shop.bin', 'Enter the 13-digit BIN.'],
    ['a BIN as a number', { shop: { ...SHOP, bin: 4567891234567 } }, 'shop.bin', 'Enter the 13-digit BIN.'],
    ['a missing BIN (a section is whole)', { shop: without(SHOP, 'bin') }, 'shop.bin', 'Enter the 13-digit BIN.'],
    [
      'no address',
      { shop: { ...SHOP, address: '' } },
      'shop.address',
      "Enter the shop's registered address; it prints on tax invoices.",
    ],
    [
      'a phone that is not one',
      { shop: { ...SHOP, phone: 'call us' } },
      'shop.phone',
      'Enter a phone number of 6 to 20 digits; spaces, dashes, dots, brackets and a leading + are fine.',
    ],
    [
      'an e-mail that is not one',
      { shop: { ...SHOP, email: 'sales@' } },
      'shop.email',
      'Enter a valid e-mail address, or leave it empty.',
    ],
    ['a negative fee', zone({ fee: -1 }), 'delivery.zones.0.fee', 'The delivery fee cannot be negative.'],
    [
      'a fee of 3 decimals',
      zone({ fee: 80.005 }),
      'delivery.zones.0.fee',
      'The delivery fee can have at most 2 decimals.',
    ],
    [
      'a fee of 10 decimals (once let through as binary noise, and stored as 80)',
      zone({ fee: 80.0000000001 }),
      'delivery.zones.0.fee',
      'The delivery fee can have at most 2 decimals.',
    ],
    ['a fee as text', zone({ fee: '80' }), 'delivery.zones.0.fee', 'The delivery fee must be a number.'],
    ['no fee', zone({ fee: null }), 'delivery.zones.0.fee', 'Enter the delivery fee.'],
    [
      'a fee too large',
      zone({ fee: 100_000.01 }),
      'delivery.zones.0.fee',
      'The delivery fee must be at most 100,000 BDT.',
    ],
    ['a negative fee per kg', zone({ perKg: -0.5 }, 1), 'delivery.zones.1.perKg', 'The fee per kg cannot be negative.'],
    [
      'a fee per kg of 3 decimals',
      zone({ perKg: 0.001 }, 2),
      'delivery.zones.2.perKg',
      'The fee per kg can have at most 2 decimals.',
    ],
    ['included kg in part', zone({ includedKg: 2.5 }), 'delivery.zones.0.includedKg', INCLUDED],
    ['negative included kg', zone({ includedKg: -1 }), 'delivery.zones.0.includedKg', INCLUDED],
    ['too many included kg', zone({ includedKg: 1001 }), 'delivery.zones.0.includedKg', INCLUDED],
    [
      'a negative free-delivery threshold',
      zone({ freeOver: -1 }),
      'delivery.zones.0.freeOver',
      'The free-delivery threshold cannot be negative.',
    ],
    [
      'no free-delivery threshold (null is "never")',
      { delivery: { ...DELIVERY, zones: [without(ZONES[0]!, 'freeOver'), ...ZONES.slice(1)] } },
      'delivery.zones.0.freeOver',
      'Enter the free-delivery threshold.',
    ],
    ['a zone without a name', zone({ name: '' }), 'delivery.zones.0.name', "Enter the zone's name."],
    ['an unknown zone', zone({ id: 'chattogram' }), 'delivery.zones.0.id', ZONES_INVALID],
    ['two zones', { delivery: { ...DELIVERY, zones: ZONES.slice(0, 2) } }, 'delivery.zones', ZONES_INVALID],
    ['four zones', { delivery: { ...DELIVERY, zones: [...ZONES, ZONES[0]] } }, 'delivery.zones', ZONES_INVALID],
    [
      'a zone twice, one missing',
      { delivery: { ...DELIVERY, zones: [ZONES[0], ZONES[0], ZONES[2]] } },
      'delivery.zones',
      ZONES_INVALID,
    ],
    [
      'zones that are not zones',
      { delivery: { ...DELIVERY, zones: [null, 1, 'x'] } },
      'delivery.zones.0',
      ZONES_INVALID,
    ],
    ['zones that are not a list', { delivery: { ...DELIVERY, zones: {} } }, 'delivery.zones', ZONES_INVALID],
    [
      'no pickup (a section is whole)',
      { delivery: { zones: ZONES } },
      'delivery.pickup',
      'pickup must be an object with all its fields.',
    ],
    [
      'a pickup without an address',
      { delivery: { ...DELIVERY, pickup: { address: ' ', hours: '' } } },
      'delivery.pickup.address',
      'Enter the address where customers pick up their orders.',
    ],
    [
      'districts with another zone',
      { delivery: { ...DELIVERY, districts: [{ name: 'Gazipur', zone: 'dhaka' }] } },
      'delivery.districts',
      DISTRICTS_FIXED,
    ],
    ['no hold hours', { bank: without(BANK, 'holdHours') }, 'bank.holdHours', HOLD],
    ['hold hours of 0', { bank: { ...BANK, holdHours: 0 } }, 'bank.holdHours', HOLD],
    ['hold hours in part', { bank: { ...BANK, holdHours: 1.5 } }, 'bank.holdHours', HOLD],
    ['hold hours past two weeks', { bank: { ...BANK, holdHours: 337 } }, 'bank.holdHours', HOLD],
    [
      'a routing number not of 9 digits',
      { bank: { ...BANK, routingNumber: '0902634' } },
      'bank.routingNumber',
      'Enter the 9-digit routing number, or leave it empty.',
    ],
    [
      'an account number with letters',
      { bank: { ...BANK, accountNumber: 'ACC-12' } },
      'bank.accountNumber',
      'Enter the account number: 6 to 20 digits (spaces and dashes are fine).',
    ],
    ['a bank without an account name', { bank: { ...BANK, accountName: '' } }, 'bank.accountName', BANK_INCOMPLETE],
    [
      'an account number without the bank',
      { bank: { ...BANK, bankName: '', accountName: '' } },
      'bank.bankName',
      BANK_INCOMPLETE,
    ],
    [
      'cash on delivery on as text',
      { cod: { ...COD, enabled: 'yes' } },
      'cod.enabled',
      'enabled must be true or false.',
    ],
    [
      'a negative cash-on-delivery limit',
      { cod: { ...COD, maxTotal: -1 } },
      'cod.maxTotal',
      'The cash-on-delivery limit cannot be negative.',
    ],
    ['no cash-on-delivery limit', { cod: { enabled: true } }, 'cod.maxTotal', 'Enter the cash-on-delivery limit.'],
  ]

  it.each(CASES)('%s is a 400 naming the field, and nothing is stored', async (_, body, field, message) => {
    const res = await patch(body)
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.fields?.[field]).toBe(message)
    expect(error.message).toBe(Object.values(error.fields ?? {})[0])
  })

  it('a bad section refuses the whole body: the good sections beside it are not stored either', async () => {
    const res = await patch({ cod: COD, shop: { ...SHOP, bin: '123' } })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Enter the 13-digit BIN.',
      fields: { 'shop.bin': 'Enter the 13-digit BIN.' },
    })
    for (const key of ['shop', 'delivery', 'bank', 'cod']) expect(await stored(key)).toBeUndefined()
    expect(await settingsEntries()).toEqual([])
  })

  it('a body over 16 KB is a 413', async () => {
    const res = await patch({ shop: { ...SHOP, note: 'x'.repeat(17 * 1024) } })
    expect(res.status).toBe(413)
    expect((await errorOf(res)).code).toBe('PAYLOAD_TOO_LARGE')
  })
})

describe('PATCH /api/settings: changes', () => {
  it('replaces a whole section: the answer shows it in taka, the database keeps paisa, the checkout fee uses it', async () => {
    const zones = [
      { id: 'outside', name: 'Everywhere else', fee: 250.5, includedKg: 3, perKg: 22.25, freeOver: null },
      { id: 'dhaka', name: 'Dhaka', fee: 95, includedKg: 0, perKg: 0, freeOver: 0 },
      { id: 'near', name: 'Around Dhaka', fee: 140, includedKg: 10, perKg: 12.5, freeOver: 75_000.5 },
    ]
    const pickup = { address: '  Factory gate, Tejgaon, Dhaka  ', hours: 'Sat–Thu 9:00–18:00' }
    const res = await patch({ delivery: { zones, pickup } })
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ acknowledged: true, modifiedCount: 1 })

    const { delivery } = await read()
    // In the contract's order, trimmed.
    expect(delivery.zones).toEqual([zones[1], zones[2], zones[0]])
    expect(delivery.pickup).toEqual({ address: 'Factory gate, Tejgaon, Dhaka', hours: 'Sat–Thu 9:00–18:00' })
    expect(JSON.parse((await stored('delivery'))!)).toEqual({
      zones: [
        { id: 'dhaka', name: 'Dhaka', feePaisa: 9500, includedKg: 0, perKgPaisa: 0, freeOverPaisa: 0 },
        {
          id: 'near',
          name: 'Around Dhaka',
          feePaisa: 14000,
          includedKg: 10,
          perKgPaisa: 1250,
          freeOverPaisa: 7_500_050,
        },
        {
          id: 'outside',
          name: 'Everywhere else',
          feePaisa: 25050,
          includedKg: 3,
          perKgPaisa: 2225,
          freeOverPaisa: null,
        },
      ],
      pickup: { address: 'Factory gate, Tejgaon, Dhaka', hours: 'Sat–Thu 9:00–18:00' },
    })
    // What checkout reads: 7 kg outside Dhaka is 250.50 + 4 × 22.25 = 339.50, never free.
    const { zones: fees } = (await loadSettings(getDb(env))).delivery
    const courier = (zone: 'dhaka' | 'outside') => ({ method: 'courier' as const, zone })
    expect(deliveryFeePaisa(fees, courier('outside'), { pricePaisa: 99_999_900, weightHundredths: 700 })).toBe(33950)
    // freeOver 0: Dhaka's deliveries are free.
    expect(deliveryFeePaisa(fees, courier('dhaka'), { pricePaisa: 100, weightHundredths: 100 })).toBe(0)
    // The other sections are still the defaults.
    expect(await stored('shop')).toBeUndefined()
  })

  it('stores each section sent, leaves the others, and writes one audit entry with who and what changed', async () => {
    const before = await read()
    const res = await patch({ shop: { ...SHOP, bin: '000-456789-1234' }, bank: BANK, cod: COD })
    expect(await json(res)).toEqual({ acknowledged: true, modifiedCount: 1 })
    const now = await read()
    // Spaces and dashes between the BIN's groups are dropped.
    expect(now.shop).toEqual(SHOP)
    expect(now.bank).toEqual(BANK)
    expect(now.cod).toEqual(COD)
    expect(now.delivery).toEqual(before.delivery)
    expect(JSON.parse((await stored('cod'))!)).toEqual({ enabled: true, maxTotalPaisa: 2_000_000 })

    const entries = await settingsEntries()
    expect(entries).toHaveLength(2)
    const [latest] = entries
    expect(latest).toMatchObject({ actor: ADMIN, action: 'settings.update', target: 'shop, bank, cod' })
    expect(latest!.detail).toContain('shop.bin "" → "0004567891234"')
    expect(latest!.detail).toContain('shop.legalName "" → "Toolhaus Manufacturing Ltd."')
    expect(latest!.detail).toContain('cod.enabled false → true')
    expect(latest!.detail).not.toContain('holdHours')
    expect(entries[1]).toMatchObject({ target: 'delivery' })
    expect(entries[1]!.detail).toContain('delivery.zones.dhaka.fee 80 → 95')
  })

  it('a section sent as it already is changes nothing: modifiedCount 0, no audit entry', async () => {
    const current = await read()
    const res = await patch({ shop: current.shop, cod: current.cod })
    expect(await json(res)).toEqual({ acknowledged: true, modifiedCount: 0 })
    expect(await settingsEntries()).toHaveLength(2)
  })

  it('only the changed sections are written: one changed section of two is the audit target', async () => {
    const current = await read()
    const res = await patch({ shop: current.shop, cod: { ...current.cod, maxTotal: 15_000.75 } })
    expect(await json(res)).toEqual({ acknowledged: true, modifiedCount: 1 })
    const [latest] = await settingsEntries()
    expect(latest).toMatchObject({ target: 'cod', detail: 'cod.maxTotal 20000 → 15000.75' })
    expect((await read()).cod).toEqual({ enabled: true, maxTotal: 15_000.75 })
  })

  it('districts sent back as GET answered them are ignored; the delivery section is stored without them', async () => {
    const current = await read()
    const res = await patch({ delivery: { ...current.delivery, pickup: { address: 'Gate 2, Tejgaon', hours: '' } } })
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect(Object.keys(JSON.parse((await stored('delivery'))!))).toEqual(['zones', 'pickup'])
    expect((await read()).delivery.districts).toEqual(current.delivery.districts)
  })

  it('unknown keys, at the top or inside a section, are ignored and never stored', async () => {
    const res = await patch({ theme: 'dark', cod: { ...COD, surcharge: 50 }, shop: { ...SHOP, logo: 'x.png' } })
    expect(res.status).toBe(200)
    expect(JSON.parse((await stored('cod'))!)).toEqual({ enabled: true, maxTotalPaisa: 2_000_000 })
    expect(Object.keys(JSON.parse((await stored('shop'))!))).toEqual(Object.keys(SHOP))
    expect(await stored('theme')).toBeUndefined()
    const now = await read()
    expect(now.cod).toEqual(COD)
    expect(Object.keys(now)).toEqual(['shop', 'delivery', 'bank', 'cod'])
  })

  it('the very next GET shows a change: the kept public answer is dropped, its ETag changes', async () => {
    const first = await call('GET', '/api/settings')
    const etag = first.headers.get('ETag')!
    expect((await call('GET', '/api/settings', { headers: { 'If-None-Match': etag } })).status).toBe(304)
    expect((await patch({ shop: { ...SHOP, phone: '01712345678' } })).status).toBe(200)
    const next = await call('GET', '/api/settings', { headers: { 'If-None-Match': etag } })
    expect(next.status).toBe(200)
    expect((await json<Settings>(next)).shop.phone).toBe('01712345678')
  })
})
