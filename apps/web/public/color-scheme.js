// Applies the saved colour scheme before the first paint (no flash of the wrong theme). A file, not an
// inline script: the Content-Security-Policy allows scripts from this origin only. Loaded without
// `defer`/`async` in index.html's <head> so that it runs before the body is painted.
// Same cookie and values as src/lib/color-scheme-manager.ts.
(() => {
  try {
    const match = document.cookie.match(/(?:^|;\s*)closia-color-scheme=(light|dark|auto)/);
    const saved = match ? match[1] : 'auto';
    const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    const value = saved === 'auto' ? (dark ? 'dark' : 'light') : saved;
    document.documentElement.setAttribute('data-mantine-color-scheme', value);
  } catch {
    // No cookie access or no matchMedia: Mantine applies the scheme when the app starts.
  }
})();
