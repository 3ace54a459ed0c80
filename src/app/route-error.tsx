import { Component, type ReactNode } from 'react';
import { Link } from '@/lib/navigation/navigation';

/** Shown when a screen fails to load or render (for example a chunk missing offline). */
export function RouteError() {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-3xl">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">
        {offline
          ? 'This page is not available offline yet. Reconnect and try again.'
          : 'An unexpected error occurred. Please reload the page.'}
      </p>
      <Link to="/" className="text-sm font-medium underline underline-offset-4">
        Return to Home
      </Link>
    </main>
  );
}

interface BoundaryProps {
  /** The failure is forgotten when this changes (the route's path): another screen may work. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

/** Catches a screen that fails to load or render and shows RouteError instead of a blank page. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error('Route error', error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
