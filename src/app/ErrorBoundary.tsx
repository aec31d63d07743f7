/**
 * Last line of defence: a render error (a page chunk that cannot be downloaded has its own screen,
 * ScreenLoadedLater.tsx)
 * shows a result with a reload button instead of a blank page. The router's errorElement covers
 * route renders; the class boundary covers everything around the router.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
import { Button } from '../ui/Button.tsx';
import { Result } from '../ui/Result.tsx';
import { m } from '../paraglide/messages.js';
import { MainLandmark } from './SkipLink.tsx';

function Crash({ error }: { error: unknown }) {
  return (
    <MainLandmark className="app-standalone">
      <Result
        status="error"
        titleAs="h1"
        title={m.app_error_title()}
        description={m.app_error_body()}
        extra={
          <Button variant="primary" onPress={() => location.reload()}>
            {m.app_reload()}
          </Button>
        }
      />
      {import.meta.env.DEV && <pre className="app-error-detail">{String(error)}</pre>}
    </MainLandmark>
  );
}

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return <Crash error={error} />;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <Crash error={this.state.error} /> : this.props.children;
  }
}
