/** The tools the home page features. */
export const NEWEST_TOOL_ID = 'electric-saw'
export const MOST_SOLD_TOOL_ID = 'drill-machine'
