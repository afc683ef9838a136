/**
 * While the first page's code loads: a spinner in plain markup and CSS (`.app-loading` in
 * styles.css), so that it needs no chunk of its own.
 */
export function StartupSpinner() {
  return (
    <div className="app-loading" role="status">
      <span className="app-loading__spinner" aria-hidden="true" />
      <span className="app-loading__label">Chargement</span>
    </div>
  );
}
