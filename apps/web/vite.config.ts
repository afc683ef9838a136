import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { type Alias, defineConfig, type Plugin } from 'vite';
import { precompress } from './build/precompress.ts';

const API_ORIGIN = process.env.CLOSIA_API_ORIGIN ?? 'http://127.0.0.1:3333';

/**
 * Gives every build an id: defined as `__BUILD_ID__` in the client and written to
 * `dist/version.json`, which the running app polls to detect a newer deployment.
 */
function buildVersion(): Plugin {
  let buildId = 'dev';
  return {
    name: 'closia:build-version',
    config(_config, { command }) {
      if (command === 'build')
        buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      return { define: { __BUILD_ID__: JSON.stringify(buildId) } };
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ buildId })}\n`,
      });
    },
  };
}

/**
 * React Router ships a development and a production build but its package exports only the first
 * (the production one leaves out the dev warnings): point the production bundle at the latter.
 */
function reactRouterProductionBuild(): Alias[] {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist',
  );
  return [
    { find: /^react-router$/, replacement: path.join(dir, 'production', 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dir, 'production', 'dom-export.mjs') },
  ];
}

/** The module that stands for `react-remove-scroll` in the AppShell's header, footer and aside. */
const SCROLL_CLASS_NAMES = '\0closia:remove-scroll-class-names';

/**
 * Mantine's AppShell header, footer and aside import `react-remove-scroll` only to read the class
 * name that a modal's scroll lock offsets (`RemoveScroll.classNames.zeroRight`): the whole scroll
 * lock (~3 KB brotli) came with the signed-in frame. Give them the same class names from the
 * library's own constants; the scroll lock itself loads with the modals and drawers that use it.
 */
function appShellScrollClassNames(): Plugin {
  return {
    name: 'closia:app-shell-scroll-class-names',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === 'react-remove-scroll' &&
        importer &&
        /[\\/]components[\\/]AppShell[\\/]/.test(importer)
      ) {
        return SCROLL_CLASS_NAMES;
      }
      return null;
    },
    load(id) {
      if (id !== SCROLL_CLASS_NAMES) return null;
      return [
        "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
        'export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };',
      ].join('\n');
    },
  };
}

/** A module of the package `name` (scoped or not) under node_modules. */
const inPackage = (...names: string[]) =>
  new RegExp(`node_modules[\\\\/](?:${names.map((n) => n.replace('/', '[\\\\/]')).join('|')})[\\\\/]`);

/**
 * Left to the automatic split: a package's barrel file (`esm/index.mjs`), which re-exports everything
 * (a group that took it would take every module it names), and stylesheets (main.tsx imports Mantine's
 * global styles: they stay with the entry).
 */
const NEVER_GROUPED = /[\\/](?:esm[\\/]index|tabler-icons-react)\.mjs$|\.css$/;

/**
 * The Mantine components of the public site and of the layouts' first paint (top bar, footer, landing
 * page, start-up spinner; the toasts' Notification is in `notifications`). With what they import (the MantineProvider, `factory`, the style
 * system, the hooks they use), they are the `mantine` chunk that every page loads. The signed-in
 * frame's components are `mantine-app` (MANTINE_APP); the rest of Mantine (the forms' inputs, modals,
 * tables…) is `mantine-ui`, loaded by the first page that uses any of it. A component missing from a
 * list still works: it lands in `mantine-ui`, and any page using it downloads that chunk.
 */
const MANTINE_BASE = [
  'ActionIcon',
  'Anchor',
  'Badge',
  'Box',
  'Burger',
  'Button',
  'Card',
  'Container',
  'Divider',
  'Group',
  'List',
  'Loader',
  'Paper',
  'Skeleton',
  'Stack',
  'Text',
  'ThemeIcon',
  'Title',
  // Button's and ActionIcon's loading state.
  'Transition',
  'UnstyledButton',
];
/** The hooks that Mantine's core and these components use, and the public frame's mobile menu. */
const MANTINE_BASE_HOOKS = [
  'use-color-scheme',
  'use-did-update',
  'use-disclosure',
  'use-isomorphic-effect',
  'use-media-query',
  'use-merged-ref',
  'use-mutation-observer',
  'use-reduced-motion',
  'utils',
];
// With the hook the public frame uses (its mobile menu): the other hooks are `mantine-app`'s (below).
const mantineBase = new RegExp(
  `node_modules[\\\\/]@mantine[\\\\/](?:hooks[\\\\/]esm[\\\\/](?:${MANTINE_BASE_HOOKS.join('|')})[\\\\/]|core[\\\\/]esm[\\\\/](?:core|components[\\\\/](?:${MANTINE_BASE.join('|')}))[\\\\/])`,
);
/**
 * What the signed-in shell (sidebar, notification bell, account menu) and the dashboard add to the
 * base: popovers, menus, tooltips and the frame. The forms' inputs stay in `mantine-ui`.
 */
const MANTINE_APP = [
  'Alert',
  'AppShell',
  'Avatar',
  'Center',
  'CloseButton',
  'Collapse',
  'Flex',
  'Grid',
  'Indicator',
  'NavLink',
  'Pagination',
  'Popover',
  'ScrollArea',
  'SimpleGrid',
  'Space',
  'Tooltip',
  'VisuallyHidden',
];
// With Mantine's hooks (small; the shell and most pages use several, the landing page only one).
const mantineApp = new RegExp(
  `node_modules[\\\\/]@mantine[\\\\/](?:hooks|core[\\\\/]esm[\\\\/]components[\\\\/](?:${MANTINE_APP.join('|')}))[\\\\/]`,
);
/**
 * Babel's helpers (react-transition-group's, the toasts' container's; react-textarea-autosize's):
 * with `mantine-app`. The scroll lock (react-remove-scroll and its parts) is the modals' and
 * drawers' (`mantine-forms`): the frame only reads its class names (appShellScrollClassNames).
 */
const babelHelpers = inPackage('@babel/runtime');
/**
 * The inputs of the list pages' filters and search fields (the marketplace's searches, the CRM's
 * lists): `mantine-ui`. The rest of Mantine (number inputs and their formatter, text areas, modals,
 * drawers, forms, tables, steppers…) is `mantine-forms`, which the forms and dialogs load, so that
 * a list does not download them with its filters.
 */
const MANTINE_LISTS = [
  'Checkbox',
  'Combobox',
  'Input',
  'InputBase',
  'MultiSelect',
  'Pill',
  'PillsInput',
  'Radio',
  'Select',
  'Slider',
  'Switch',
  'TextInput',
];
const mantineLists = new RegExp(
  `node_modules[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](?:${MANTINE_LISTS.join('|')})[\\\\/]`,
);
/**
 * The portal and the progress bar of the loading bar (@mantine/nprogress): with it in `data`, which
 * every page but the landing page loads (the overlays of the other Mantine chunks import the portal
 * from there).
 */
const loadingBarParts =
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Portal|Progress)[\\/]/;
/**
 * Mantine components that only a few pages draw (the dashboard's and the sale page's timeline and
 * ring; the segmented controls of the freelancers' search, the sales and the settings; the FAQ's
 * highlighted search words) or only on a gesture (the menus: the account menu's, the
 * deals' and the team events'): in no group, the automatic split puts them with what uses them
 * instead of the frame or the lists' inputs.
 */
const ownPagesParts =
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:FloatingIndicator|Highlight|Mark|Menu|RingProgress|SegmentedControl|Timeline)[\\/]/;
const mantineUi = inPackage(
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/form',
  '@floating-ui',
  'react-remove-scroll',
  'react-remove-scroll-bar',
  'react-style-singleton',
  'use-callback-ref',
  'use-sidecar',
  'get-nonce',
  'detect-node-es',
  'tslib',
  'react-number-format',
  'react-textarea-autosize',
);
/** Mantine's tiny store and the toasts' store made of it (the toasts' container is `notifications`). */
const mantineStore =
  /node_modules[\\/]@mantine[\\/](?:store[\\/]|notifications[\\/]esm[\\/]notifications\.store\.mjs$)/;
/** Our toast container (components/notifications-host.tsx, a few lines): with the toasts' chunk. */
const toastContainer = /apps[\\/]web[\\/]src[\\/]components[\\/]notifications-host\.tsx$/;
const vendor = (test: RegExp) => (id: string) => test.test(id) && !NEVER_GROUPED.test(id);

/**
 * The icons that the public frame and the landing page draw (and the icons' runtime): with Mantine's
 * base chunk, which every page loads, so that `/` does not download every icon of the app.
 */
const FIRST_PAINT_ICONS = [
  'IconArrowRight',
  'IconBriefcase',
  'IconCheck',
  'IconCoin',
  'IconLayoutKanban',
  'IconMoon',
  'IconSchool',
  'IconSun',
  'IconTarget',
  'IconUsersGroup',
  'IconVideo',
];
const firstPaintIcons = new RegExp(
  `node_modules[\\\\/]@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/](?:createReactComponent|defaultAttributes|icons[\\\\/](?:${FIRST_PAINT_ICONS.join('|')}))\\.mjs$`,
);

/**
 * The icons of the signed-in frame (sidebar, account menu, notification bell) and of the dashboard:
 * with `mantine-app` (one request less: every page that draws the frame loads both), so that these
 * pages do not download every icon of the app (`icons`).
 */
const APP_ICONS = [
  'IconAlertCircle',
  'IconBell',
  'IconBellOff',
  // The marketplace's links (layouts/marketplace-links.ts: the sidebar, the menus).
  'IconBuildingStore',
  'IconSearch',
  'IconSpeakerphone',
  'IconStar',
  'IconCalendarCheck',
  'IconCategory',
  'IconCertificate',
  'IconChartBar',
  'IconChecklist',
  'IconChevronDown',
  'IconChevronRight',
  'IconCircleCheck',
  'IconCircleDashed',
  'IconCoinEuro',
  'IconFileCheck',
  'IconFlame',
  'IconGauge',
  // The administration's link to the FAQ (issue 22; its support inbox has the messages' icon).
  'IconHelpCircle',
  'IconHistory',
  'IconLayoutDashboard',
  'IconLogout',
  'IconMailExclamation',
  'IconMailForward',
  'IconMessages',
  'IconNews',
  'IconPlugConnectedX',
  'IconReportMoney',
  'IconSend',
  'IconSettings',
  'IconShieldLock',
  'IconSparkles',
  'IconTable',
  'IconTools',
  'IconUserCircle',
  'IconUsers',
  // Close and clear buttons (the search fields'); the warnings, durations and places of the
  // marketplace's cards that other pages draw too.
  'IconAlertTriangle',
  'IconClockHour4',
  'IconMapPin',
  'IconX',
];
const appIcons = new RegExp(
  `node_modules[\\\\/]@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](?:${APP_ICONS.join('|')})\\.mjs$`,
);

/** A test on our own source files (paths relative to apps/web/src, without the extension). */
const ownModules = (...files: string[]) =>
  new RegExp(`apps[\\\\/]web[\\\\/]src[\\\\/](?:${files.join('|')})\\.tsx?$`);

/**
 * Our own code that `/` runs at start-up, in two chunks instead of a dozen requests under 2 KB:
 * - `start`: the API client, the current user's start-up request and its copy for the public frame
 *   (features/auth/api/session.ts), the data layer's loader, the paths, the redirect check without
 *   the data layer, and the frame's parts that every layout shows (logo, colour-scheme toggle; a
 *   signed-in user's avatar and marketplace links are the signed-in frame's, in `shell`) — every page requests them
 *   at start-up. Not the toast container, which loads at the first toast (lib/toast-host.ts);
 *   nothing of TanStack Query;
 * - `public`: the public site's frame (top bar, footer) and the landing page.
 */
const startModules = ownModules(
  'app/data-layer',
  'config/paths',
  'lib/(?:api-client|data-layer-ready)',
  'features/auth/api/(?:current-user-request|session)',
  'features/redirects/api/redirect-request',
  'components/(?:logo|color-scheme-toggle)',
  'lib/toast-host',
);
/** The pure helpers of @closia/shared that the start-up uses (page titles). */
const sharedHelpers = /packages[\\/]shared[\\/]src[\\/](?:api-error|api-types|page-title)\.ts$/;
/**
 * The labels and user helpers of @closia/shared and the wording of the API's error reasons:
 * every page but the landing page uses them, and loads the data layer (`data`) at start-up.
 */
const sharedLabels =
  /packages[\\/]shared[\\/]src[\\/](?:enums|error-reasons|onboarding-steps|realtime-channels|user|user-labels)\.ts$/;
/**
 * The data layer (app/data-layer.ts): the query client, the live connection, the current-user
 * query, the cached redirect check and the loading bar. Every page but the landing page of a
 * signed-out visitor loads it at start-up, with TanStack Query (`query`).
 */
const dataModules = ownModules(
  'app/data-provider',
  'lib/(?:api-errors|query-client|realtime|loading-bar)',
  'features/auth/api/(?:get-current-user|use-current-user)',
  'features/redirects/api/get-redirect',
  'components/loading-bar',
);
/**
 * The signed-in frame (sidebar, header's live items, account menu, route guards) and the small
 * helpers most signed-in pages use: one chunk instead of a request per file.
 */
const shellModules = ownModules(
  'app/guards',
  // Not the account menu itself (user-menu.tsx), which loads at the first gesture towards its button.
  'layouts/(?:profile-layout|sidebar-shell|shell-nav|account-menu|user-menu-button|user-avatar|mobile-user-links|marketplace-links|admin-links)',
  'features/notifications/components/live-header-items',
  'components/(?:query-states|participant-avatar|page-header)',
  'lib/(?:format|dayjs|error-message|onboarding)',
  // The e-mail verification banner (the dashboard, the account page).
  'features/auth/components/resend-verification-button',
);
/**
 * The marketplace pages' shared parts (API calls, cards, badges, filters' helpers): one chunk for
 * the five marketplace pages; the forms' modals stay lazy.
 */
const marketplaceModules = ownModules(
  'features/marketplace/api/[^/]+',
  'features/marketplace/utils/(?:application|error-wording|filter-errors|format|search-params|use-last-data)',
  'features/marketplace/components/(?:favorite-button|freelancer-card|job-card|match-details|mission-card|offer-facts|query-states|sort-select|status-badges|work-sector-options)',
  'features/reference/api/[^/]+',
  // The pages' index (routes.ts): every marketplace page loads this chunk anyway.
  'features/marketplace/routes',
);
/**
 * The icons of the marketplace's search pages and of their cards (mission, job, freelancer): with
 * the marketplace's shared parts, so that these pages do not download every icon of the app.
 */
const MARKETPLACE_ICONS = [
  'IconFilter',
  'IconReceipt',
  'IconReceipt2',
  'IconStarFilled',
  'IconTargetArrow',
  'IconWallet',
];
const marketplaceIcons = new RegExp(
  `node_modules[\\\\/]@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](?:${MARKETPLACE_ICONS.join('|')})\\.mjs$`,
);
/** The list pages' search field and name filter (marketplace searches, CRM lists, pickers). */
const listHelpers = ownModules('components/search-field', 'lib/name-filter');
/** @closia/shared's name search (the name filter's rule). */
const nameSearch = /packages[\\/]shared[\\/]src[\\/]name-search\.ts$/;
const publicModules = ownModules(
  'layouts/(?:default-layout|top-nav|footer)',
  'features/home/pages/home-page',
);

/**
 * Vendor code in a few named chunks instead of one chunk per component and per icon (the automatic
 * split sent `/` 93 scripts, most below 1 KB and each a request). Higher priority first; a group takes
 * the modules it matches and what they import that no higher group took.
 */
const vendorChunks = [
  // Framework code changes rarely: own long-cached chunks.
  // With React Router: every page loads both at start-up (one request less).
  {
    name: 'react',
    test: vendor(inPackage('react', 'react-dom', 'scheduler', 'react-router')),
    priority: 90,
  },
  // The schemas' runtime: requested by the pages with a form or a parsed answer, not by `/`.
  { name: 'zod', test: vendor(inPackage('zod')), priority: 80 },
  // Dates are formatted on many pages, picked in a few forms.
  // Not the ISO weeks' plugin, which only the date pickers use (with mantine-dates).
  {
    name: 'dayjs',
    test: (id: string) => vendor(inPackage('dayjs'))(id) && !/[\\/]plugin[\\/]isoWeek\.js$/.test(id),
    priority: 80,
  },
  // With Mantine's store and the toasts' store: the loading bar's store is one, and every page may
  // show a toast (the container is loaded at the first one: lib/toast-host.ts).
  {
    name: 'mantine',
    test: (id: string) => vendor(mantineBase)(id) || mantineStore.test(id) || firstPaintIcons.test(id),
    priority: 70,
  },
  // Before the toasts' container, which takes Babel's helpers otherwise: the signed-in frame would
  // then import the container's chunk. With the signed-in frame's icons.
  {
    name: 'mantine-app',
    test: (id: string) => vendor(mantineApp)(id) || babelHelpers.test(id) || appIcons.test(id),
    priority: 65,
  },
  // The toasts' container (with Mantine's Notification and our notifications-host.tsx): loaded at the
  // first toast (lib/toast-host.ts). Before mantine-ui, so that what the container needs (a portal)
  // does not pull that in.
  {
    name: 'notifications',
    test: (id: string) =>
      vendor(inPackage('@mantine/notifications', 'react-transition-group'))(id) || toastContainer.test(id),
    priority: 60,
  },
  // With the lists' own helpers (search field, name filter): one request instead of three.
  {
    name: 'mantine-ui',
    test: (id: string) => vendor(mantineLists)(id) || listHelpers.test(id) || nameSearch.test(id),
    priority: 55,
  },
  {
    name: 'mantine-forms',
    test: (id: string) => vendor(mantineUi)(id) && !loadingBarParts.test(id) && !ownPagesParts.test(id),
    priority: 50,
  },
  // After mantine-ui, which takes the inputs and popovers the pickers are made of.
  { name: 'mantine-dates', test: vendor(inPackage('@mantine/dates')), priority: 40 },
  // The pure helpers of @closia/shared (user helpers, page titles) go with `start` (below), which
  // every page loads: one request less; their labels with `data`. Not the schemas, which need zod.
  // The rules of the deals, of name search and of the teams' roles: their own pages only.
  {
    name: 'shared-rules',
    test: /packages[\\/]shared[\\/]src[\\/](?:deal-rules|team-capabilities)\.ts$/,
    priority: 40,
  },
  // Every other icon of the app (~5 KB compressed): one request instead of one per icon.
  {
    name: 'icons',
    test: (id: string) => vendor(inPackage('@tabler/icons-react'))(id) && !marketplaceIcons.test(id),
    priority: 40,
  },
  {
    name: 'start',
    test: (id: string) => startModules.test(id) || sharedHelpers.test(id),
    // Above `shared-rules`, which would take the enums (the deals' rules import them) otherwise.
    priority: 42,
  },
  {
    name: 'data',
    test: (id: string) =>
      dataModules.test(id) ||
      vendor(inPackage('@tanstack'))(id) ||
      sharedLabels.test(id) ||
      loadingBarParts.test(id) ||
      vendor(inPackage('@mantine/nprogress'))(id),
    priority: 41,
  },
  { name: 'public', test: publicModules, priority: 30 },
  // With the live connection's client (@adonisjs/transmit-client), which only signed-in users load,
  // as they load the shell (the header's live items are in it).
  {
    name: 'shell',
    test: (id: string) => shellModules.test(id) || vendor(inPackage('@adonisjs/transmit-client'))(id),
    priority: 20,
  },
  {
    name: 'marketplace',
    test: (id: string) => marketplaceModules.test(id) || marketplaceIcons.test(id),
    priority: 20,
  },
];

/**
 * The chunks that the entry (main.tsx) imports statically: React with the router, Mantine's base,
 * `start` and Rolldown's runtime (vendorChunks' names, then the 8-character hash).
 */
const ENTRY_IMPORTS = /^assets\/(?:react|mantine|start|rolldown-runtime)-[\w-]{8}\.js$/;

const proxied = ['/api', '/__transmit', '/health', '/metrics'];
const proxy = Object.fromEntries(
  proxied.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: false }]),
);

export default defineConfig(({ command }) => ({
  plugins: [react(), buildVersion(), appShellScrollClassNames(), precompress()],
  resolve: { alias: command === 'build' ? reactRouterProductionBuild() : [] },
  server: {
    port: 3000,
    strictPort: true,
    proxy,
  },
  // `vite preview` serves dist/ the same way (handy to try a production build against the dev API).
  preview: { port: 3000, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph the first-load budget walks (scripts/check-budget.mjs).
    manifest: true,
    // Every browser the target allows supports <link rel="modulepreload">: no polyfill in the entry.
    // A lazy chunk's preload list leaves out the chunks that the entry imports (loaded before any
    // `import()` runs): the entry carries a list per lazy route, and every page downloads the entry.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !ENTRY_IMPORTS.test(dep)) : deps,
    },
    rolldownOptions: {
      treeshake: {
        // `@closia/shared` is pure (enums, schemas, helpers): let unused Zod schemas be dropped
        // from chunks that only need a label or a helper.
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: { groups: vendorChunks },
        // A lazy chunk is named by its hash alone: every page downloads the entry, which names each
        // lazy chunk (its import and its preload list), so each name's letters cost every first load
        // (~0.4 KB brotli on `/`). The manifest keeps each chunk's name (scripts/check-budget.mjs);
        // the chunks the entry imports keep theirs (ENTRY_IMPORTS).
        chunkFileNames: (chunk) =>
          /^(?:react|mantine|start|rolldown-runtime)$/.test(chunk.name)
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash].js',
      },
    },
  },
}));
