/**
 * The arithmetic of VAT and delivery (worker/schemas/vat.ts, delivery.ts), at its edges: the one
 * rounding of VAT to the paisa, half away from zero, in integers however large the line; the
 * delivery fee's whole kilograms, included weight and free-delivery threshold; an order's money
 * summed once (worker/schemas/order-money.ts), its VAT rounded per line and for the delivery.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, DISTRICTS, deliveryFeePaisa, wholeKg, zoneOf } from '#schemas/delivery.ts'
import { atMostTwoDecimals } from '#schemas/money.ts'
import { lineMoney, orderMoney } from '#schemas/order-money.ts'
import { vatIncludedPaisa } from '#schemas/vat.ts'

describe('atMostTwoDecimals (every amount on the wire, and weights)', () => {
  it('takes any number written with 2 decimals or fewer, however large', () => {
    for (const n of [0, 0.01, 0.07, 0.1, 0.29, 1.005e2, 80, 80.07, 1234.56, 9_999_999.99, 123_456_789_012.34])
      expect(atMostTwoDecimals(n), String(n)).toBe(true)
  })

  it('refuses a third decimal, however small, and the noise of a sum', () => {
    for (const n of [80.005, 0.001, 1e-7, 80.0000000001, 0.1 + 0.2, 1234.5600001])
      expect(atMostTwoDecimals(n), String(n)).toBe(false)
  })
})

describe('vatIncludedPaisa', () => {
  it('is price × rate ÷ (100 + rate), rounded to the paisa', () => {
    expect(vatIncludedPaisa(11_500, 1500)).toBe(1500) // exact
    expect(vatIncludedPaisa(100, 1500)).toBe(13) // 13.04…
    expect(vatIncludedPaisa(104, 1500)).toBe(14) // 13.565…
    expect(vatIncludedPaisa(1, 1500)).toBe(0) // 0.13…
    expect(vatIncludedPaisa(4, 1500)).toBe(1) // 0.52…
    expect(vatIncludedPaisa(10_750, 750)).toBe(750)
    expect(vatIncludedPaisa(2_100, 500)).toBe(100)
    expect(vatIncludedPaisa(12_345, 0)).toBe(0)
  })

  it('rounds a half paisa away from zero (none of the shop’s rates meets one; a rate of 100% does)', () => {
    // 100%: VAT is half the price.
    expect(vatIncludedPaisa(3, 10_000)).toBe(2) // 1.5 → 2
    expect(vatIncludedPaisa(5, 10_000)).toBe(3) // 2.5 → 3, not banker's 2
    expect(vatIncludedPaisa(-3, 10_000)).toBe(-2) // −1.5 → −2
    expect(vatIncludedPaisa(2, 10_000)).toBe(1)
  })

  it('stays exact past 2^53 once multiplied: a line of a million tools at ten million taka', () => {
    const price = 1_000_000 * 1_000_000_000 // 10^15 paisa
    // 10^15 × 15 ÷ 115 = 130,434,782,608,695.65… → …696.
    expect(vatIncludedPaisa(price, 1500)).toBe(130_434_782_608_696)
  })
})

describe('deliveryFeePaisa', () => {
  const zones = DEFAULT_SETTINGS.delivery.zones
  const courier = (zone: 'dhaka' | 'near' | 'outside') => ({ method: 'courier' as const, zone })

  it('places every district in its zone', () => {
    expect(DISTRICTS).toHaveLength(64)
    expect(DISTRICTS.filter((d) => zoneOf(d) === 'dhaka')).toEqual(['Dhaka'])
    expect(DISTRICTS.filter((d) => zoneOf(d) === 'near').sort()).toEqual(
      ['Gazipur', 'Manikganj', 'Munshiganj', 'Narayanganj', 'Narsingdi'].sort(),
    )
    expect(zoneOf(null)).toBe('outside')
  })

  it('adds the per-kg fee for each whole kg past the included ones', () => {
    const goods = (kgHundredths: number) => ({ pricePaisa: 1_000_00, weightHundredths: kgHundredths })
    expect(deliveryFeePaisa(zones, courier('dhaka'), goods(500))).toBe(8_000) // 5 kg: included
    expect(deliveryFeePaisa(zones, courier('dhaka'), goods(501))).toBe(9_000) // 5.01 kg → 6
    expect(deliveryFeePaisa(zones, courier('near'), goods(1_000))).toBe(13_000 + 5 * 1_500)
    expect(deliveryFeePaisa(zones, courier('outside'), goods(0))).toBe(20_000)
    expect(wholeKg(50 * 110)).toBe(55) // 50 × 1.1 kg, exactly
  })

  it('is free from the threshold on, and for a pickup', () => {
    const at = (pricePaisa: number) =>
      deliveryFeePaisa(zones, courier('outside'), { pricePaisa, weightHundredths: 100 })
    expect(at(5_000_000 - 1)).toBe(20_000)
    expect(at(5_000_000)).toBe(0)
    expect(
      deliveryFeePaisa(zones, { method: 'pickup', zone: 'outside' }, { pricePaisa: 1, weightHundredths: 99_999 }),
    ).toBe(0)
    const never = zones.map((z) => ({ ...z, freeOverPaisa: null }))
    expect(deliveryFeePaisa(never, courier('dhaka'), { pricePaisa: 10 ** 12, weightHundredths: 0 })).toBe(8_000)
  })
})

describe('orderMoney (every way an order is priced: buy now, the cart, an accepted quote, the quote checkout)', () => {
  it('rounds the VAT of each line and of the delivery, never of the sum', () => {
    // 5 paisa at 15% holds 0.65 paisa of VAT: 1 each, so 2 for two lines, though the 10 paisa
    // they add up to hold 1.30 (1). The delivery's 100 paisa at 15% hold 13.04: 13.
    const line = lineMoney(5, 1, 1500)
    expect(line).toEqual({ pricePaisa: 5, vatPaisa: 1 })
    expect(orderMoney([line, line], 100)).toEqual({
      pricePaisa: 10,
      deliveryFeePaisa: 100,
      vatPaisa: 15,
      totalPaisa: 110,
    })
  })

  it('rounds to the nearest paisa, at the line as a whole (the quantity times the unit price)', () => {
    // 23 paisa at 5% hold 1.095…: 1; 21 × 1 paisa at 5% is one line of 21, holding exactly 1.
    expect(lineMoney(23, 1, 500).vatPaisa).toBe(1)
    expect(lineMoney(1, 21, 500)).toEqual({ pricePaisa: 21, vatPaisa: 1 })
    // 11,500 + 1 paisa at 15%: 1,500.13 → 1,500; 2,300 × 5 at 15%: exactly 1,500.
    expect(lineMoney(11_501, 1, 1500).vatPaisa).toBe(1500)
    expect(lineMoney(2300, 5, 1500).vatPaisa).toBe(1500)
  })

  it('adds no VAT for a line without it, and none for free delivery', () => {
    expect(orderMoney([{ pricePaisa: 24_000 }, { pricePaisa: 1 }], 0)).toEqual({
      pricePaisa: 24_001,
      deliveryFeePaisa: 0,
      vatPaisa: 0,
      totalPaisa: 24_001,
    })
    expect(orderMoney([], 0)).toEqual({ pricePaisa: 0, deliveryFeePaisa: 0, vatPaisa: 0, totalPaisa: 0 })
  })

  it('keeps a million units of the dearest price exact', () => {
    const line = lineMoney(1_000_000_000, 1_000_000, 1500)
    expect(line.pricePaisa).toBe(1e15)
    expect(orderMoney([line], 0).totalPaisa).toBe(1e15)
    expect(line.vatPaisa).toBe(vatIncludedPaisa(1e15, 1500))
  })
})
