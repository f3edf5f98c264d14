import { DISTRICTS } from '#schemas/delivery.ts'

/**
 * The options of a District `<select>`: an empty first choice, then the 64 districts by the
 * contract's names (the checkout and the Purchase dialog; wrap the select in a FormField).
 */
export function DistrictOptions({ empty }: { empty: string }) {
  return (
    <>
      <option value="">{empty}</option>
      {DISTRICTS.map((district) => (
        <option key={district} value={district}>
          {district}
        </option>
      ))}
    </>
  )
}
