/** True while the Worker renders a page (no DOM there); false in the browser. */
export const isServer = typeof document === 'undefined'
