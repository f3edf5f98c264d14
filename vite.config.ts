import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { routePreloads } from './scripts/route-preloads.ts'

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  // The router plugin must come before react(); its route folder resolves from the Vite root.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './routes', generatedRouteTree: './routeTree.gen.ts' }),
    react(),
    tailwindcss(),
    // The public pages a visit can start on: their code is preloaded with the page (see the plugin).
    routePreloads({
      '/': 'index.tsx',
      '/service': 'service.index.tsx',
      '/blogs': 'blogs.tsx',
      '/portfolio': 'portfolio.tsx',
      '/login': 'login.tsx',
      '/signup': 'signup.tsx',
    }),
  ],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    // What the entry imports statically ships as one file, not a dozen small shared chunks: the
    // first visit fetches the app in one request (each request costs a round trip on a slow link).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  server: { host: '127.0.0.1', port: 5173, proxy: { '/api': 'http://127.0.0.1:8787' } },
})
