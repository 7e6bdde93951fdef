import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (apps/server) serves the API, socket.io and /app-config.json on port 3000.
const apiTarget = process.env.SHIPDESK_API_URL ?? 'http://localhost:3000';

const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@reduxjs[\\/]toolkit|immer|redux|redux-thunk|reselect|react-redux|use-sync-external-store|redux-persist|oidc-client-ts|react-oidc-context|jwt-decode|react-toastify|clsx)[\\/]/;
const MUI_CORE =
  /[\\/]node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming|core-downloads-tracker)|@emotion[\\/][^\\/]+|stylis|react-is|prop-types|@babel[\\/]runtime|react-transition-group|@popperjs[\\/]core)[\\/]/;

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/call': { target: apiTarget, changeOrigin: true },
      '/app-config.json': { target: apiTarget, changeOrigin: true },
      '/docs': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // What every page needs, in two chunks instead of dozens of small ones: a slow line pays a round trip per
        // chunk, and larger files compress better. The MUI components stay split by the pages that use them.
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            { name: 'mui-core', test: MUI_CORE, priority: 1 },
          ],
        },
      },
    },
  },
});
