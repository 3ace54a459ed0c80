import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ARCHITECTURE §2: imports flow app → features → shared (lib, ui, offline, theme); a feature
// never imports another feature; no import cycles.
const features = readdirSync(new URL('./src/features', import.meta.url));
const importDirection = [
  {
    target: ['./src/lib', './src/ui', './src/offline', './src/theme'],
    from: ['./src/features', './src/app'],
    message: 'Shared code must not import features or the app.',
  },
  { target: './src/features', from: './src/app', message: 'Features must not import the app.' },
  // The backend and the static host's function read the app's leaves (the route table, the
  // render contract, the page head), never the app itself.
  {
    target: ['./supabase', './deploy'],
    from: './src/app',
    message: 'The backend must not import the app; import its leaves in src/lib.',
  },
  // The route table is read by Deno as it is (deploy/netlify) and by everyone else: a leaf.
  {
    target: './src/lib/routes',
    from: './src',
    except: ['./lib/routes'],
    message: 'The route table is a leaf: it imports nothing.',
  },
  // src/offline holds two audiences: the admin outbox and the visitors' saved albums and service
  // worker. Visitors never load the outbox (docs/offline.md), and the outbox needs nothing of theirs.
  {
    target: './src/offline/visitors',
    from: './src/offline/outbox',
    message: "Visitors' offline code must not import the admin outbox.",
  },
  {
    target: './src/offline/outbox',
    from: './src/offline/visitors',
    message: "The admin outbox must not import visitors' offline code.",
  },
  {
    target: [
      './src/features/home',
      './src/features/public-gallery',
      './src/features/client-gallery',
      './src/features/not-found',
    ],
    from: './src/offline/outbox',
    message: 'Public screens must not import the admin outbox (it loads with the admin area only).',
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message:
      'A feature must not import another feature; move shared code to src/lib, src/ui or src/offline.',
  })),
];

const RESTRICTED_IMPORTS = {
  schema: {
    paths: [{ name: 'zod', message: "Import z from '@/lib/schema' (set up for the CSP)." }],
  },
  navigation: {
    patterns: [
      {
        group: ['wouter', 'wouter/*'],
        message:
          "Import from '@/lib/navigation/navigation' (moves as transitions, screens from the route table).",
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', '.data', 'coverage', 'bench/results'] },
  js.configs.recommended,
  // Type-aware linting: every .ts/.tsx file is checked against the tsconfig that owns it
  // (tsconfig.app.json: src and tests/unit; tsconfig.node.json: Node code, the other tests, bench,
  // the tool configs; tsconfig.sw.json: src-sw), found through tsconfig.json's references.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src-sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  // Two packages are used through one module of the app each: zod, set up for the site's
  // Content-Security-Policy (src/lib/schema.ts), and wouter, the address bar, whose moves are
  // transitions and whose screens come from the route table (src/lib/navigation).
  ...[
    { home: 'src/lib/schema.ts', restrict: RESTRICTED_IMPORTS.navigation },
    { home: 'src/lib/navigation/navigation.tsx', restrict: RESTRICTED_IMPORTS.schema },
  ].map(({ home, restrict }) => ({
    files: [home],
    rules: { 'no-restricted-imports': ['error', restrict] },
  })),
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/schema.ts', 'src/lib/navigation/navigation.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: RESTRICTED_IMPORTS.schema.paths,
          patterns: RESTRICTED_IMPORTS.navigation.patterns,
        },
      ],
    },
  },
  {
    // A device that composites in software blurs the backdrop again on every frame: a dialog's
    // full-screen blur took 0.5 s of CPU per frame (docs/decisions.md, "No backdrop blur").
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Literal[value=/backdrop-(blur|filter)/], TemplateElement[value.raw=/backdrop-(blur|filter)/]',
          message:
            'No backdrop blur: an opaque or translucent background instead (docs/decisions.md).',
        },
      ],
    },
  },
  {
    files: [
      'supabase/**/*.ts',
      'scripts/**/*.ts',
      'tests/**/*.{ts,tsx}',
      'bench/**/*.ts',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.app.json', 'tsconfig.node.json', 'tsconfig.sw.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: importDirection }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['error', 'warn'] }],
      // A dropped promise's rejection goes unnoticed; a promise where a void callback is expected
      // (onClick={async () => …}) is dropped the same way. Handle it, or `void` it when it cannot reject.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // From strictTypeChecked, cheap here: a rejection handler takes `unknown`, as anything can be thrown.
      '@typescript-eslint/use-unknown-in-catch-callback-variable': 'error',
      // A switch over a union handles every member: by name, or in a `default` that says what
      // happens to the rest. Without a `default`, adding a member to the union points at every
      // switch that must learn about it.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        {
          considerDefaultExhaustiveForUnions: true,
          allowDefaultCaseForExhaustiveSwitch: true,
          requireDefaultForNonUnion: false,
        },
      ],
    },
  },
  {
    files: ['supabase/local/**/*.ts', 'tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Vitest types its asymmetric matchers (expect.any, expect.stringMatching, expect.objectContaining,
    // …) as `any`, so every one inside an expected object would be reported. The other no-unsafe-*
    // rules still apply to the tests.
    // Test doubles implement async interfaces (a fetch, a sender, a storage client) and often
    // answer at once, so an async function without await is the normal shape there.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // This file is plain JavaScript and in no TypeScript program (no tsconfig sets allowJs), so
    // it cannot be type-checked; the syntax-only rules above still apply to it.
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  // Last, so no rule set above turns type-aware rules back on for them.
  {
    // Plain scripts the build copies as they are (public/start-after-paint.js): no tsconfig owns them.
    files: ['public/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.browser,
      sourceType: 'module',
    },
  },
);
