import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // No preload helper or polyfill in the public entry (about 1 KB gzipped of the 100 KB budget);
    // lazy page chunks are small and load with their few imports.
    modulePreload: false,
  },
  ssr: {
    // bundle these into the SSR build so the server and client render the same components
    noExternal: ['sonner', 'lucide-react'],
  },
});
