/**
 * The card's width on screen: the grids of the home page and the tool list have one column on
 * phones, two from sm and three from lg, in a page at most 1152 px wide with 24 px gaps.
 */
export const TOOL_CARD_SIZES = '(min-width: 1024px) 352px, (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)'
