import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// During `npm run dev` the API comes from a running local stack (npm start), e.g.
// BACKEND_URL=http://127.0.0.1:8080 npm run dev.
const backendUrl = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

/**
 * A build without VITE_SUPABASE_URL reads its backend from /config.json at start
 * (src/lib/backend/config.ts). The page asks for it while the scripts download, instead of
 * after they have run: one round trip less before the first data request.
 */
function preloadRuntimeConfig(): Plugin {
  // What the app sees as import.meta.env: the environment and the .env files.
  let backendFromBuild = false;
  return {
    name: 'preload-runtime-config',
    configResolved: (config) => {
      backendFromBuild = !!config.env.VITE_SUPABASE_URL;
    },
    transformIndexHtml: (_html, context) =>
      context.server || backendFromBuild
        ? []
        : [{ tag: 'link', attrs: { rel: 'preload', href: '/config.json', as: 'fetch', crossorigin: 'anonymous' }, injectTo: 'head' }],
  };
}

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  plugins: [
    react(),
    preloadRuntimeConfig(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src-sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Photography Portfolio',
        short_name: 'Portfolio',
        description: 'Portfolio, client galleries and studio admin',
        theme_color: '#fefefe',
        background_color: '#fefefe',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Long-press / right-click on the installed app's icon: straight to the admin's daily screens.
        shortcuts: [
          { name: 'Dashboard', url: '/admin/dashboard', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          {
            name: 'Shoot Collections',
            short_name: 'Collections',
            url: '/admin/albums',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,woff2,png,svg,ico,webmanifest}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      '/rest/v1': backendUrl,
      '/storage/v1': backendUrl,
      '/config.json': backendUrl,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Vendor code in chunks of its own, so an app release does not re-download it.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            // supabase-js for the admin area; the public pages use postgrest-js alone (the higher
            // priority keeps it out of supabase-js's group, which takes its dependencies along).
            { name: 'postgrest', test: /node_modules[\\/]@supabase[\\/]postgrest-js[\\/]/, priority: 1 },
            // tslib serves supabase-js and Radix's dialogs (public pages): kept out of supabase-js's
            // chunk, which a client's passcode dialog would otherwise load whole for it.
            { name: 'tslib', test: /node_modules[\\/]tslib[\\/]/, priority: 1 },
            { name: 'supabase', test: /node_modules[\\/]@supabase[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
          ],
        },
      },
    },
  },
});
