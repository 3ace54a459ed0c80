import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { defaultCard } from './deploy/default-card.ts';
import {
  NETLIFY_REDIRECTS_FILE,
  netlifyHeadersFile,
  staticHostBackendOrigins,
  vercelConfig,
} from './deploy/security-headers.ts';
import { ADMIN_MANIFEST_PATH, PUBLIC_MANIFEST_PATH } from './src/lib/routes/route-table.ts';

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
        : [
            {
              tag: 'link',
              attrs: {
                rel: 'preload',
                href: '/config.json',
                as: 'fetch',
                crossorigin: 'anonymous',
              },
              injectTo: 'head',
            },
          ],
  };
}

/**
 * The security headers for static hosts, from the module the local gateway sends them from
 * (deploy/security-headers.ts): dist/_headers and dist/_redirects (Netlify, Cloudflare Pages)
 * and dist/vercel.json (Vercel reads it at the root of what is deployed: `vercel deploy dist`).
 * The policy lets the app talk to the build's Supabase project (VITE_SUPABASE_URL, or
 * SUPABASE_URL), or to any hosted project when neither is set.
 */
function staticHostHeaders(): Plugin {
  let backendOrigins: string[] = [];
  return {
    name: 'static-host-headers',
    apply: 'build',
    configResolved: (config) => {
      backendOrigins = staticHostBackendOrigins(
        (config.env.VITE_SUPABASE_URL as string | undefined) ||
          process.env.SUPABASE_URL ||
          undefined,
      );
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: '_headers',
        source: netlifyHeadersFile({ backendOrigins }),
      });
      this.emitFile({ type: 'asset', fileName: '_redirects', source: NETLIFY_REDIRECTS_FILE });
      this.emitFile({
        type: 'asset',
        fileName: 'vercel.json',
        source: `${JSON.stringify(vercelConfig({ backendOrigins }), null, 2)}\n`,
      });
    },
  };
}

/**
 * The app's second start-up step (src/app/start-app.tsx: React, the router, the app and its
 * stylesheet) is imported by the first once that has sent the page's reads. The page asks
 * for its files from the start, alongside the first step's, instead of after it has run.
 */
function preloadAppStart(): Plugin {
  return {
    name: 'preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const start = chunks.find((chunk) =>
          chunk.moduleIds.some((id) => id.endsWith(`/${APP_START}`)),
        );
        if (!start) throw new Error(`preload-app-start: ${APP_START} is in no chunk`);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((candidate) => candidate.fileName === fileName);
          if (!chunk || scripts.has(fileName)) return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          chunk.imports.forEach(visit);
        };
        visit(start.fileName);
        return [
          ...[...styles].map((href) => ({
            tag: 'link',
            // crossorigin like the <link rel="stylesheet" crossorigin> that Vite's preload helper
            // adds when start-app is imported: Chromium does not use a preload made in another
            // credentials mode, and the stylesheet downloaded twice.
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${href}` },
            injectTo: 'head' as const,
          })),
          ...[...scripts].map((href) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${href}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * vite-plugin-pwa 2.0.0 builds the service worker with `output.inlineDynamicImports: true`
 * (prepareViteBuild in its dist/vite-build-*.js), a Rollup option Rolldown has deprecated for
 * `codeSplitting: false` and warns about on every build (vite-pwa/vite-plugin-pwa#912). For
 * that build only (injectManifest.buildPlugins): the same setting under its new name, before
 * Rolldown reads it; the same single file. Does nothing once the plugin stops setting it.
 */
function serviceWorkerInOneFile(): Plugin {
  return {
    name: 'service-worker-in-one-file',
    outputOptions: ({ inlineDynamicImports, ...options }) =>
      inlineDynamicImports === undefined
        ? null
        : { ...options, codeSplitting: options.codeSplitting ?? !inlineDynamicImports },
  };
}

/**
 * The installed app's two manifests (src/lib/routes/route-table.ts says which page names which):
 * a visitor or client who installs it gets the site, starting at the home page; the
 * photographer, installing from the admin area, gets the dashboard and its shortcuts. Their
 * own ids keep them two apps on one device. The embedded stack's gateway answers both with the
 * photographer's site name (supabase/local/web-manifests.ts); these names are the fallback.
 */
const manifestIcon = (size: number) => ({
  src: `/icons/icon-${size}.png`,
  sizes: `${size}x${size}`,
  type: 'image/png',
});
const sharedManifest: Partial<ManifestOptions> = {
  name: 'Photography Portfolio',
  short_name: 'Portfolio',
  theme_color: '#fefefe',
  background_color: '#fefefe',
  display: 'standalone',
  lang: 'en',
  scope: '/',
  icons: [
    manifestIcon(192),
    manifestIcon(512),
    { ...manifestIcon(512), src: '/icons/icon-512-maskable.png', purpose: 'maskable' },
  ],
};
const publicManifest: Partial<ManifestOptions> = {
  ...sharedManifest,
  id: '/',
  start_url: '/',
  description: 'Portfolio and client galleries',
};
const adminManifest: Partial<ManifestOptions> = {
  ...sharedManifest,
  id: '/admin/dashboard',
  start_url: '/admin/dashboard',
  description: 'Studio admin: collections, client links and galleries',
  // Long-press / right-click on the installed app's icon: straight to the admin's daily screens.
  shortcuts: [
    { name: 'Dashboard', url: '/admin/dashboard', icons: [manifestIcon(192)] },
    {
      name: 'Shoot Collections',
      short_name: 'Collections',
      url: '/admin/albums',
      icons: [manifestIcon(192)],
    },
  ],
};

/** dist/admin.webmanifest (VitePWA writes the public one, dist/manifest.webmanifest). */
function adminWebManifest(): Plugin {
  return {
    name: 'admin-web-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: ADMIN_MANIFEST_PATH.slice(1),
        source: `${JSON.stringify(adminManifest)}\n`,
      });
    },
  };
}

/** The app's second start-up step, and the public pages (the lazy routes of src/app/router.tsx that visitors and clients open). */
const APP_START = 'src/app/start-app.tsx';
const PUBLIC_PAGES = [
  'src/features/home/home-page.tsx',
  'src/features/public-gallery/public-gallery-page.tsx',
  'src/features/public-gallery/album-gallery-page.tsx',
  'src/features/client-gallery/client-gallery-page.tsx',
];

/**
 * The code of the app's start and of the public pages in a few files instead of a dozen or
 * more: left to itself the bundler gives each small module shared with another page or the
 * admin area (a button, an icon, a formatter) a file of its own, and over HTTP/1.1's six
 * connections a phone then fetches them in waves, a round trip each. 'app' holds what the
 * second start-up step uses (every page needs it), 'site' what the home page shares with the
 * other public pages, 'galleries' what only the gallery pages share (the grid, the page
 * frame), and each page's file what only it uses. Found from the module graph once it is
 * built, following static imports only (what a page loads later stays out).
 */
/**
 * `import { Heart, X as Close } from 'lucide-react'` in the app's code, rewritten to one import
 * per icon file (`import Heart from 'lucide-react/icons/heart'`), names and aliases read from
 * the package's own barrel file. Tree-shaking already keeps only the icons used; this keeps the
 * module graph true: through the barrel every page seemed to reach all 1,600 icons, so
 * publicPageChunks could not tell which page uses which. Line count kept (source maps).
 */
function iconImportsByFile(): Plugin {
  let files: Map<string, string> | undefined;
  const iconFiles = () => {
    if (files) return files;
    const barrel = readFileSync(
      fileURLToPath(
        new URL('./node_modules/lucide-react/dist/esm/lucide-react.mjs', import.meta.url),
      ),
      'utf8',
    );
    files = new Map();
    for (const [, names, file] of barrel.matchAll(
      /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g,
    ))
      for (const [, name] of names!.matchAll(/default as (\w+)/g))
        files.set(name!, `lucide-react/icons/${file}`);
    return files;
  };
  return {
    name: 'icon-imports-by-file',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (
        id.includes('/node_modules/') ||
        !/\.[jt]sx?$/.test(id) ||
        !code.includes("'lucide-react'")
      )
        return null;
      const rewritten = code.replace(
        /import\s*\{([^}]*)\}\s*from\s*'lucide-react';?/g,
        (whole, list: string) => {
          const imports: string[] = [];
          for (const part of list
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean)) {
            if (part.startsWith('type ')) {
              imports.push(`import type { ${part.slice(5)} } from 'lucide-react';`);
              continue;
            }
            const [name, local = name] = part.split(/\s+as\s+/);
            const file = iconFiles().get(name!);
            // Not an icon (a helper such as createLucideIcon): the import stays as it was.
            if (!file) return whole;
            imports.push(`import ${local} from '${file}';`);
          }
          return imports.join(' ') + '\n'.repeat(whole.split('\n').length - 1);
        },
      );
      return { code: rewritten, map: null };
    },
  };
}

/** A lucide-react icon, or the helpers every icon is drawn with (not its barrel file). */
const isIconModule = (id: string) =>
  /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!lucide-react\.mjs)/.test(id);

function publicPageChunks() {
  const pageNames = PUBLIC_PAGES.map((page) =>
    page
      .split('/')
      .pop()!
      .replace(/\.tsx$/, ''),
  );
  const names = ['app', 'site', 'galleries', ...pageNames];
  const members = new Map(names.map((name) => [name, new Set<string>()]));
  const plugin: Plugin = {
    name: 'public-page-chunks',
    apply: 'build',
    buildEnd() {
      const reachable = (root: string) => {
        const seen = new Set<string>();
        const stack = [root];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const find = (path: string) => {
        const id = ids.find((candidate) => candidate.endsWith(path));
        if (!id) throw new Error(`public-page-chunks: ${path} was not found in the build`);
        return id;
      };
      const app = reachable(find(APP_START));
      const reached = PUBLIC_PAGES.map((page) => reachable(find(page)));
      for (const id of new Set([...app, ...reached.flatMap((set) => [...set])])) {
        // Only the app's own modules and the icons: a package's barrel file lists every module
        // of the package, most of which tree-shaking drops; what these modules use comes along.
        // Icons are a file each, and would come along with the first page that uses them: the
        // client's album loaded the whole home page's file for six of them.
        if ((id.includes('/node_modules/') && !isIconModule(id)) || id.startsWith('\0')) continue;
        const users = reached.flatMap((set, index) => (set.has(id) ? [index] : []));
        const group = app.has(id)
          ? 'app'
          : users.length === 1
            ? pageNames[users[0]!]!
            : users.includes(0)
              ? 'site'
              : 'galleries';
        members.get(group)!.add(id);
      }
    },
  };
  return {
    plugin,
    groups: names.map((name) => ({ name, test: (id: string) => members.get(name)!.has(id) })),
  };
}

const publicChunks = publicPageChunks();

/** The page a visitor sees at an address no route matches (a lazy route of its own). */
const NOT_FOUND_PAGE = 'src/features/not-found/not-found-page.tsx';

/**
 * What the start-up steps load only when needed and a visitor's page needs too: the toasts
 * (src/ui/toast.tsx) and the query builder of the first read (src/lib/backend/public-client.ts).
 * Left to the admin's part, a public page offline could not read, nor say what went wrong
 * ('Failed to fetch dynamically imported module').
 */
const VISITOR_LATE_LOADS = [
  'node_modules/sonner/dist/index.mjs',
  'node_modules/@supabase/postgrest-js/dist/index.mjs',
];

/**
 * Which built files a visitor's device keeps for offline use, and which only a device that has
 * opened the admin area (docs/offline.md, "The app shell"). The visitor's part: the start-up
 * steps and what they import, and the public pages with everything they import or load later
 * (the viewer, the passcode dialog); the service worker precaches it, with the files outside
 * assets/ (index.html, the icons). The rest of assets/ (the admin area's code, the design's
 * fonts) is marked `shell: 'admin'`: src-sw/admin-shell.ts keeps it on a device once the admin
 * area has started there. A visitor's phone so downloads a third of the build, not all of it.
 */
function shellParts() {
  const visitorFiles = new Set<string>();
  const plugin: Plugin = {
    name: 'shell-parts',
    apply: 'build',
    generateBundle(_options, bundle) {
      visitorFiles.clear();
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const holds = (chunk: (typeof chunks)[number], files: string[]) =>
        chunk.moduleIds.some((id) => files.some((file) => id.endsWith(`/${file}`)));
      // What the start-up steps import; their lazy imports are every route, the admin's too.
      const startUp = new Set<string>();
      const visit = (fileName: string, lazyToo: boolean) => {
        const chunk = byName.get(fileName);
        if (!chunk || visitorFiles.has(fileName)) return;
        visitorFiles.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) visitorFiles.add(css);
        const follow = lazyToo && !startUp.has(fileName);
        for (const next of [...chunk.imports, ...(follow ? chunk.dynamicImports : [])]) {
          visit(next, lazyToo);
        }
      };
      for (const chunk of chunks) {
        if (chunk.isEntry || holds(chunk, [APP_START])) visit(chunk.fileName, false);
      }
      visitorFiles.forEach((fileName) => startUp.add(fileName));
      for (const chunk of chunks) {
        if (holds(chunk, [...PUBLIC_PAGES, NOT_FOUND_PAGE, ...VISITOR_LATE_LOADS]))
          visit(chunk.fileName, true);
      }
    },
  };
  const manifestTransform = <Entry extends { url: string }>(entries: Entry[]) => ({
    manifest: entries.map((entry) =>
      entry.url.startsWith('assets/') && !visitorFiles.has(entry.url)
        ? { ...entry, shell: 'admin' }
        : entry,
    ),
    warnings: [],
  });
  return { plugin, manifestTransform };
}

const shell = shellParts();

/**
 * The server side of a page's first visit (src/app/server/render-page.tsx), for the embedded
 * stack's gateway (supabase/local/site-pages.ts): `vite build --ssr` writes it into
 * dist/.server/ (supabase/local/build.ts), every package bundled in, so it runs from any folder.
 */
const serverRender = defineConfig({
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  plugins: [react(), tailwindcss()],
  // The site's files are the client build's; the renderer's folder holds only code.
  publicDir: false,
  ssr: { noExternal: true },
  build: {
    target: 'node20',
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'render-page.js' } },
  },
});

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverRender
    : {
        resolve: {
          alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
        },
        plugins: [
          react(),
          defaultCard(),
          preloadRuntimeConfig(),
          preloadAppStart(),
          staticHostHeaders(),
          adminWebManifest(),
          iconImportsByFile(),
          publicChunks.plugin,
          shell.plugin,
          tailwindcss(),
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'src-sw',
            filename: 'sw.ts',
            registerType: 'prompt',
            injectRegister: false,
            manifestFilename: PUBLIC_MANIFEST_PATH.slice(1),
            manifest: publicManifest,
            injectManifest: {
              globPatterns: ['**/*.{js,css,html,woff2,png,svg,ico,webmanifest}'],
              manifestTransforms: [shell.manifestTransform],
              buildPlugins: { vite: [serviceWorkerInOneFile()] },
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
          // dist/.vite/manifest.json: the server announces a drawn page's own script files with it.
          manifest: true,
          // No source maps in what is served, unless asked for (BUILD_SOURCEMAP=1 vite build);
          // 'hidden' writes them without naming them in the files (the bench's build).
          sourcemap:
            process.env.BUILD_SOURCEMAP === 'hidden'
              ? 'hidden'
              : process.env.BUILD_SOURCEMAP === '1',
          rolldownOptions: {
            output: {
              // Vendor code in chunks of its own, so an app release does not re-download it.
              codeSplitting: {
                groups: [
                  // What every screen renders with: React and its router. (react-query's hooks go with
                  // the app code that uses them, its core with the first start-up step.)
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store)[\\/]/,
                  },
                  // tslib serves supabase-js and Radix's dialogs (public pages): kept out of supabase-js's
                  // chunk, which a client's passcode dialog would otherwise load whole for it.
                  { name: 'tslib', test: /node_modules[\\/]tslib[\\/]/, priority: 1 },
                  // supabase-js for the admin area; the public pages use postgrest-js alone, loaded
                  // with their first read (src/lib/backend/public-client.ts): in a chunk of its own,
                  // taken first (a group takes its modules' dependencies too, as supabase-js's would).
                  { name: 'supabase', test: /node_modules[\\/]@supabase[\\/](?!postgrest-js)/ },
                  {
                    name: 'postgrest',
                    test: /node_modules[\\/]@supabase[\\/]postgrest-js[\\/]/,
                    priority: 1,
                  },
                  // The first start-up step (src/main.tsx) in one file: configuration, react-query's
                  // core, the page's reads. On their own, each small module became a request of its
                  // own, a second wave over HTTP/1.1's six connections.
                  { name: 'index', tags: ['$initial'], priority: 1 },
                  ...publicChunks.groups,
                ],
              },
            },
          },
        },
      },
);
