// Wrangler (and the vitest pool) turn an imported .wasm file into a compiled WebAssembly.Module:
// https://developers.cloudflare.com/workers/runtime-apis/webassembly/javascript/
declare module '*.wasm' {
  const module: WebAssembly.Module
  export default module
}
