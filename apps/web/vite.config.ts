import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build-plugins/precompress.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/prod-api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The framework every page runs on in one chunk: fewer requests than one per module, better gzip,
            // and a hash (so a cached copy) that survives changes of the app's own code. A group takes every module
            // it matches, used by the first page or not: hence named packages, not node_modules (Mantine's barrel
            // would bring every component) nor all of @tanstack (the table is for list pages).
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@tanstack[\\/](?:react-router|router-core|history|store|react-store)|i18next|react-i18next|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
