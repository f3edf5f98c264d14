/** The browser build's assets per route, made by scripts/router-manifest.ts for the server build. */
declare module 'virtual:router-manifest' {
  const manifest: import('@tanstack/react-router').Manifest
  export default manifest
}
