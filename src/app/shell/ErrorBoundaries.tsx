import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { ScreenCommitted } from '../hydration';
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
    // The crash screen is the page's screen now: taps kept before the app ran stop waiting for another (docs/adr/0035).
    if (this.state.error)
      return (
        <>
          <CrashView onGoHome={() => window.location.assign('/')} />
          <ScreenCommitted />
        </>
      );
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
    if (this.state.error)
      return (
        <>
          <RouteErrorView detail={describe(this.state.error)} onRetry={() => window.location.reload()} />
          <ScreenCommitted />
        </>
      );
    return this.props.children;
  }
}

/**
 * Around the shell's lazily loaded parts (menus, cart drawer, toasts, footer signup): if one of
 * them fails (its chunk cannot be fetched), it shows `fallback` (nothing by default) and the page
 * around it keeps working, instead of the whole app falling to the crash screen.
 */
export class QuietBoundary extends Component<{ children: ReactNode; fallback?: ReactNode; name: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown) {
    console.error(`${this.props.name} failed to load`, error);
  }

  render() {
    return this.state.error ? (this.props.fallback ?? null) : this.props.children;
  }
}

/** A lazily loaded part of the shell: nothing while its chunk loads, `fallback` if it fails. */
export function LazyPart({ name, fallback, children }: { name: string; fallback?: ReactNode; children: ReactNode }) {
  return (
    <QuietBoundary name={name} fallback={fallback}>
      <Suspense fallback={null}>{children}</Suspense>
    </QuietBoundary>
  );
}
