import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  // The router plugin must come before react(); its route folder resolves from the Vite root.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './routes', generatedRouteTree: './routeTree.gen.ts' }),
    react(),
    tailwindcss(),
  ],
  build: { outDir: '../dist', emptyOutDir: true, target: 'es2022' },
  server: { host: '127.0.0.1', port: 5173, proxy: { '/api': 'http://127.0.0.1:8787' } },
})
