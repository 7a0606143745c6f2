import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The yardstick's build (bench/sections/size.ts), with the portal's own React plugin. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  build: { manifest: true, target: 'es2022', emptyOutDir: true },
})
