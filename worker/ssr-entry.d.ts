/**
 * `#ssr` (package.json "imports"): the server build of the web app, build/server/entry-server.js,
 * made by `npm run build` from web/entry-server.tsx. These are its types, kept here so the Worker
 * type-checks without a build.
 */
export type FetchApi = (request: Request) => Promise<Response>
export declare function render(input: { request: Request; fetchApi: FetchApi }): Promise<Response>
