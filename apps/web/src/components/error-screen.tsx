import { errorPageContent, pageTitle } from '@closia/shared';
import { Component, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { paths } from '../config/paths';
import type { ErrorViewProps } from './error-page';

const ErrorView = lazy(() => import('./error-page').then((m) => ({ default: m.ErrorView })));

/**
 * The error page with the same texts and actions in plain markup, for when the error page's own
 * chunk cannot be fetched (offline, or a deployment removed it). Styled by `.bare-error` in styles.css.
 */
function BareErrorView({ status, onHome }: ErrorViewProps) {
  const { title, message } = errorPageContent(status);
  useEffect(() => {
    document.title = pageTitle({ pathname: window.location.pathname, error: { status } });
  }, [status]);
  return (
    <main className="bare-error">
      <p className="bare-error__status" data-testid="error-status">
        {status}
      </p>
      <h1>{title}</h1>
      <p>{message}</p>
      <button type="button" onClick={onHome}>
        Retour à l'accueil
      </button>
      <a href={paths.support}>Contactez le support</a>
    </main>
  );
}

class ChunkFallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The error page of spec §2, its chunk loaded on demand; plain markup if that chunk cannot load. */
export function ErrorScreen(props: ErrorViewProps) {
  return (
    <ChunkFallback fallback={<BareErrorView {...props} />}>
      <Suspense fallback={null}>
        <ErrorView {...props} />
      </Suspense>
    </ChunkFallback>
  );
}
