import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { PageDeclaration } from './tool';
import { pages } from './registry';
import { PlaceholderPage } from './PlaceholderPage';
import { ToolPage } from '../components/ToolPage';
import { rememberVisit } from './recent';
import { LoadBoundary } from './LoadBoundary';

// Each tool page is its own lazily loaded chunk; a folder without Page.tsx yet falls back below.
const pageModules = import.meta.glob<{ default: ComponentType }>('../tools/*/Page.tsx');
const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>(
  Object.entries(pageModules).map(([file, loader]) => [file.split('/')[2] ?? file, lazy(loader)]),
);

/** Every page's route element, made once (a lazy component made during render would remount). */
export const routeElements = new Map(
  pages.map((page) => [
    page.path,
    <ToolRoute
      key={page.path}
      page={page}
      Page={page.kind === 'placeholder' ? undefined : lazyPages.get(page.folder)}
    />,
  ]),
);

function ToolRoute({ page, Page }: { page: PageDeclaration; Page?: ComponentType }) {
  useEffect(() => {
    rememberVisit(page.path);
  }, [page.path]);

  if (page.kind === 'placeholder') return <PlaceholderPage page={page} />;
  if (!Page) {
    return (
      <ToolPage tool={page}>
        <p className="pending-note">This tool is being built. Check back soon.</p>
      </ToolPage>
    );
  }
  return (
    <LoadFailure title={page.title}>
      <Suspense
        fallback={
          <div className="loading" role="status">
            Loading {page.title}…
          </div>
        }
      >
        <Page />
      </Suspense>
    </LoadFailure>
  );
}

/**
 * A page whose chunk cannot be loaded (gone from the server after a deploy, once the reload in
 * stale-chunks.ts has been tried, or offline before it was cached) says so with a Reload button.
 * The Diagnostics page has it too (App.tsx).
 */
export function LoadFailure({ title, children }: { title: string; children: ReactNode }) {
  const notice = (
    <div className="loading" role="alert">
      <p>{title} could not be loaded: a new version of BitSmith may have been released, or the connection is down.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
  return <LoadBoundary fallback={notice}>{children}</LoadBoundary>;
}
