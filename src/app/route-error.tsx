import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** Shown when a screen fails to load or render (for example a chunk missing offline). */
export function RouteError() {
  const error = useRouteError();
  console.error('Route error', error);
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-3xl">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">
        {offline
          ? 'This page is not available offline yet. Reconnect and try again.'
          : isRouteErrorResponse(error)
            ? `${error.status} ${error.statusText}`
            : 'An unexpected error occurred. Please reload the page.'}
      </p>
      <Link to="/" className="text-sm font-medium underline underline-offset-4">
        Return to Home
      </Link>
    </main>
  );
}
