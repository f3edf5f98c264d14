/** Card number digits in groups of four as they are typed: "4242 4242 4242 4242" (at most 19 digits). */
export const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')

/** Expiry as typed: "MM / YY". The separator appears only after the month, so Backspace works. */
export const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits
}

/** "MM / YY", "MM/YYYY" or "MMYY" into its month and year text; empty strings when missing. */
export const splitExpiry = (value: string): { month: string; year: string } => {
  const [month = '', year = ''] = value.includes('/')
    ? value.split('/').map((p) => p.trim())
    : [value.slice(0, 2), value.slice(2)]
  return { month, year }
}

/**
 * Reformats an input's value in place, keeping the caret after the same number of digits
 * (so typing or deleting in the middle does not throw the caret to the end).
 */
export function reformatInput(input: HTMLInputElement, format: (value: string) => string) {
  const caret = input.selectionStart ?? input.value.length
  const digitsBeforeCaret = input.value.slice(0, caret).replace(/\D/g, '').length
  const next = format(input.value)
  if (next === input.value) return
  input.value = next
  let position = 0
  for (let seen = 0; position < next.length && seen < digitsBeforeCaret; position++) {
    if (/\d/.test(next[position]!)) seen++
  }
  if (document.activeElement === input) input.setSelectionRange(position, position)
}
