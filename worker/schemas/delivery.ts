/**
 * Delivery (api.md "Delivery"): the 64 districts and their zones, the shop's settings as the
 * API answers them, and the fee of a courier delivery. Integer paisa and hundredths of a kg
 * throughout. Imports nothing, so the web app's cart and checkout share it.
 */

export const DELIVERY_ZONES = ['dhaka', 'near', 'outside'] as const
export type DeliveryZone = (typeof DELIVERY_ZONES)[number]

export const DELIVERY_METHODS = ['courier', 'pickup'] as const
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number]

/** The districts around Dhaka whose deliveries cost the `near` fee. */
const NEAR_DHAKA = ['Gazipur', 'Narayanganj', 'Narsingdi', 'Munshiganj', 'Manikganj']

/** The 64 districts of Bangladesh, by the names the contract uses. */
export const DISTRICTS = [
  'Bagerhat',
  'Bandarban',
  'Barguna',
  'Barishal',
  'Bhola',
  'Bogura',
  'Brahmanbaria',
  'Chandpur',
  'Chapai Nawabganj',
  'Chattogram',
  'Chuadanga',
  "Cox's Bazar",
  'Cumilla',
  'Dhaka',
  'Dinajpur',
  'Faridpur',
  'Feni',
  'Gaibandha',
  'Gazipur',
  'Gopalganj',
  'Habiganj',
  'Jamalpur',
  'Jashore',
  'Jhalokathi',
  'Jhenaidah',
  'Joypurhat',
  'Khagrachhari',
  'Khulna',
  'Kishoreganj',
  'Kurigram',
  'Kushtia',
  'Lakshmipur',
  'Lalmonirhat',
  'Madaripur',
  'Magura',
  'Manikganj',
  'Meherpur',
  'Moulvibazar',
  'Munshiganj',
  'Mymensingh',
  'Naogaon',
  'Narail',
  'Narayanganj',
  'Narsingdi',
  'Natore',
  'Netrokona',
  'Nilphamari',
  'Noakhali',
  'Pabna',
  'Panchagarh',
  'Patuakhali',
  'Pirojpur',
  'Rajbari',
  'Rajshahi',
  'Rangamati',
  'Rangpur',
  'Satkhira',
  'Shariatpur',
  'Sherpur',
  'Sirajganj',
  'Sunamganj',
  'Sylhet',
  'Tangail',
  'Thakurgaon',
] as const
export type District = (typeof DISTRICTS)[number]

/** A district's delivery zone; no district (an order placed without one) is `outside`. */
export const zoneOf = (district: string | null | undefined): DeliveryZone =>
  district === 'Dhaka' ? 'dhaka' : district && NEAR_DHAKA.includes(district) ? 'near' : 'outside'

/** One zone's fees, in paisa: `fee` + `perKg` × each whole kg past `includedKg`; free from `freeOverPaisa` of goods. */
export type ZoneFees = {
  id: DeliveryZone
  name: string
  feePaisa: number
  includedKg: number
  perKgPaisa: number
  /** null: never free. */
  freeOverPaisa: number | null
}

export type ShopDetails = {
  name: string
  legalName: string
  bin: string
  address: string
  phone: string
  email: string
}
export type PickupDetails = { address: string; hours: string }
export type BankDetails = {
  bankName: string
  branch: string
  accountName: string
  accountNumber: string
  routingNumber: string
  holdHours: number
}
/** Cash on delivery: offered while `enabled` and an order's total is at most `maxTotalPaisa`. */
export type CodSettings = { enabled: boolean; maxTotalPaisa: number }

/** The shop's settings as stored (paisa inside); `GET /api/settings` turns them into taka. */
export type ShopSettings = {
  shop: ShopDetails
  delivery: { zones: ZoneFees[]; pickup: PickupDetails }
  bank: BankDetails
  cod: CodSettings
}

const zone = (id: DeliveryZone, name: string, fee: number, perKg: number): ZoneFees => ({
  id,
  name,
  feePaisa: fee * 100,
  includedKg: 5,
  perKgPaisa: perKg * 100,
  freeOverPaisa: 50_000 * 100,
})

/** The contract's defaults: what a shop has until an admin changes them. */
export const DEFAULT_SETTINGS: ShopSettings = {
  shop: { name: 'Toolhaus', legalName: '', bin: '', address: '', phone: '', email: '' },
  delivery: {
    zones: [
      zone('dhaka', 'Dhaka city', 80, 10),
      zone('near', 'Around Dhaka', 130, 15),
      zone('outside', 'Rest of Bangladesh', 200, 20),
    ],
    pickup: { address: '', hours: '' },
  },
  bank: { bankName: '', branch: '', accountName: '', accountNumber: '', routingNumber: '', holdHours: 72 },
  cod: { enabled: false, maxTotalPaisa: 20_000 * 100 },
}

/** Whole kg, rounded up, of a weight in hundredths of a kg: exact (50 × 1.10 kg is 55 kg). */
export const wholeKg = (hundredths: number) => Math.ceil(hundredths / 100)

/**
 * The fee of a delivery, in paisa: pickup is free; a courier costs the zone's fee plus its
 * per-kg fee for each whole kg past the included ones, and nothing once the goods reach the
 * zone's free-delivery threshold.
 */
export function deliveryFeePaisa(
  zones: readonly ZoneFees[],
  delivery: { method: DeliveryMethod; zone: DeliveryZone },
  goods: { pricePaisa: number; weightHundredths: number },
): number {
  if (delivery.method === 'pickup') return 0
  const fees =
    zones.find((z) => z.id === delivery.zone) ?? DEFAULT_SETTINGS.delivery.zones.find((z) => z.id === delivery.zone)!
  if (fees.freeOverPaisa !== null && goods.pricePaisa >= fees.freeOverPaisa) return 0
  return fees.feePaisa + fees.perKgPaisa * Math.max(0, wholeKg(goods.weightHundredths) - fees.includedKg)
}
