import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashView, RouteErrorView } from './ErrorViews';

type State = { error: unknown };

function describe(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { statusText?: unknown; message?: unknown };
    if (typeof e.statusText === 'string' && e.statusText) return e.statusText;
    if (typeof e.message === 'string' && e.message) return e.message;
  }
  return String(error);
}

/** Around the whole app: anything that escapes a route lands here. */
export class CrashBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('App crashed', error, info.componentStack);
  }

  render() {
    // A full load of "/" starts from a clean slate, whatever state broke.
    if (this.state.error) return <CrashView onGoHome={() => window.location.assign('/')} />;
    return this.props.children;
  }
}

/** Around each route (keyed by path, so navigating away clears the error). */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Route failed', error, info.componentStack);
  }

  render() {
    if (this.state.error) return <RouteErrorView detail={describe(this.state.error)} onRetry={() => window.location.reload()} />;
    return this.props.children;
  }
}
