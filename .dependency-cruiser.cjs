// Import cycles, checked by `npm run check:structure` (part of `npm test`): one cruise per source
// tree (apps/server/src, apps/web/src, packages/shared/src), run from its workspace with that
// workspace's tsconfig (a tsconfig path given from the root would break its `extends`).
//
// Type-only imports count: a cycle made only of `import type` does no harm at run time, but it
// still ties the folders together (neither can move or be read without the other), which is what
// these rules are about.
//
// Tests are left out (`*.test.ts(x)` and the server's test support, src/test/): a test reaches
// into the whole app from beside the code it tests (plugins/x.test.ts builds the app with every
// module), which is how tests work, not a dependency of that folder's code.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment:
        'Two folders import from each other (directly or through others), e.g. modules/teams ↔ modules/deals or plugins ↔ modules/x: move what both need below both.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-file-cycle',
      severity: 'error',
      comment: 'A file reaches itself through its imports: split out what both sides need.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Another workspace (@closia/shared from the apps) is cruised on its own.
    doNotFollow: { path: ['node_modules', '(^|/)packages/shared/'] },
    exclude: { path: ['node_modules', '(^|/)dist/', '\\.test\\.tsx?$', '^src/test/'] },
    // `import type` and `export type … from` are seen (they are erased before JavaScript).
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
