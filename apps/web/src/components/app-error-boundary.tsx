import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from '../lib/chunk-errors';
import { guardedReload } from '../lib/reload-guard';
import { ErrorScreen } from './error-screen';

interface State {
  error: unknown;
  hasError: boolean;
}

/**
 * Top-level boundary, outside the router: a fatal render error shows the error page (500);
 * "Retour à l'accueil" clears it and loads `/`.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled application error', error, info.componentStack);
    if (isChunkLoadError(error)) guardedReload('chunk load failure');
  }

  private goHome = () => {
    this.setState({ error: null, hasError: false });
    window.location.assign('/');
  };

  override render() {
    if (this.state.hasError) return <ErrorScreen status={500} onHome={this.goHome} inRouter={false} />;
    return this.props.children;
  }
}
