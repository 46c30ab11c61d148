import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import type { ToolEntry } from './registry';
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

export function ToolRoute({ tool }: { tool: ToolEntry }) {
  useEffect(() => {
    document.title = `${tool.title} · BitSmith`;
    return () => void (document.title = 'BitSmith');
  }, [tool.title]);

  if (tool.kind === 'placeholder') return <PlaceholderPage title={tool.title} description={tool.description} />;
  const Page = tool.folder ? lazyPage(tool.folder) : undefined;
  if (!Page) {
    return (
      <ToolPage title={tool.title} description={tool.description}>
        <p className="pending-note">This tool is being built. Check back soon.</p>
      </ToolPage>
    );
  }
  return (
    <Suspense fallback={<div className="loading" role="status">Loading {tool.title}…</div>}>
      <Page />
    </Suspense>
  );
}
