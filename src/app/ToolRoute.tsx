import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageDeclaration } from './tool';
import { PlaceholderPage } from './PlaceholderPage';
import { ToolPage } from '../components/ToolPage';

// Each tool page is its own lazily loaded chunk; a folder without Page.tsx yet falls back below.
const pageModules = import.meta.glob<{ default: ComponentType }>('../tools/*/Page.tsx');
const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyPage(folder: string) {
  const loader = pageModules[`../tools/${folder}/Page.tsx`];
  if (!loader) return undefined;
  if (!lazyPages.has(folder)) lazyPages.set(folder, lazy(loader));
  return lazyPages.get(folder);
}

export function ToolRoute({ page }: { page: PageDeclaration }) {
  useEffect(() => {
    document.title = `${page.title} · BitSmith`;
    return () => void (document.title = 'BitSmith');
  }, [page.title]);

  if (page.kind === 'placeholder') return <PlaceholderPage page={page} />;
  const Page = lazyPage(page.folder);
  if (!Page) {
    return (
      <ToolPage tool={page}>
        <p className="pending-note">This tool is being built. Check back soon.</p>
      </ToolPage>
    );
  }
  return (
    <Suspense fallback={<div className="loading" role="status">Loading {page.title}…</div>}>
      <Page />
    </Suspense>
  );
}
