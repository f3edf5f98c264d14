const bdt = new Intl.NumberFormat('en-BD', { style: 'currency', currency: 'BDT', maximumFractionDigits: 2 })

/** The one money formatter: BDT everywhere on screen. */
export const formatBDT = (taka: number) => bdt.format(taka)
