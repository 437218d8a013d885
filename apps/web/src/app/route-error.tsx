import { Component, Suspense, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessageCard } from '../components/message-card.tsx';
import { paths } from '../config/paths.ts';
import { ChunkLoadError } from '../lib/chunk-load.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { PageLoading } from './layout/page-loading.tsx';

/** What an unmatched path fails with: shown as its status and text. */
class RouteNotFound extends Error {
  readonly status = 404;
  readonly statusText = 'Not Found';
}

function describe(error: unknown): string {
  if (error instanceof RouteNotFound) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * What a route shows when it fails (requirements §8): 'Loading chunk {n} failed' with a reload when its
 * script could not be loaded, otherwise 'Unexpected Application Error!' with the status or
 * message (an unmatched path shows 404 Not Found).
 */
function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunkFailed = error instanceof ChunkLoadError;
  return (
    <MessageCard
      id="route-error-title"
      title={
        chunkFailed ? t('feedback.chunkFailed', { name: error.chunk }) : t('errors.unexpected')
      }
      detail={chunkFailed ? t('feedback.chunkFailedHelp') : describe(error)}
      detailTestId="route-error-detail"
      action={
        chunkFailed ? (
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        ) : (
          <Button variant="contained" href={paths.landing}>
            {t('errors.goHome')}
          </Button>
        )
      }
    />
  );
}

/** The fallback of an unmatched path (requirements §2); the tab says the page was not found. */
export function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.pageNotFound'));
  return <RouteError error={new RouteNotFound()} />;
}

interface BoundaryProps {
  children: ReactNode;
  /** Changes on navigation, so that leaving a failed page clears the failure. */
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, { error: unknown; resetKey: string }> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: { error: unknown; resetKey: string },
  ) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * Where a layout shows its page: while the page's code loads, the progress bar; when loading it
 * or rendering it fails, {@link RouteError} in place of the page, the layout around it intact.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </Boundary>
  );
}

/** A layout's page slot, with the loading and failure handling of {@link RouteBoundary}. */
export function PageOutlet() {
  return (
    <RouteBoundary>
      <Outlet />
    </RouteBoundary>
  );
}
