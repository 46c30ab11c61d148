/**
 * Everything that follows from the declarations: the routes (every declared page), the sidebar
 * groups with their pages in order, and lookups by path. Tools are declared in
 * src/tools/<folder>/tool.ts (listed in src/tools/index.ts), placeholders in placeholders.ts,
 * groups in groups.ts.
 */
import { tools } from '../tools';
import { GROUPS, type GroupDeclaration, type GroupId } from './groups';
import { placeholders } from './placeholders';
import type { PageDeclaration } from './tool';

/** Every page with a route, tools first (the 404 page suggests in this order). */
export const pages: readonly PageDeclaration[] = [...tools, ...placeholders];

/** The self-check page: routed, but no declared tool (outside the sidebar and the spec's routes). */
export const DIAGNOSTICS_PATH = '/diagnostics';
export const DIAGNOSTICS_TITLE = 'Diagnostics';

/** Every address the app has a page for: what the server answers with 200 (routes.json). */
export const appRoutes: readonly string[] = ['/', ...pages.map((p) => p.path), DIAGNOSTICS_PATH];

export interface SidebarGroup extends GroupDeclaration {
  id: GroupId;
  /** The group's pages, ordered by the place each declares in it. */
  pages: PageDeclaration[];
}

export function pagesInGroup(id: GroupId, from: readonly PageDeclaration[] = pages): PageDeclaration[] {
  const place = (p: PageDeclaration) => p.groups[id] ?? 0;
  return from.filter((p) => place(p) > 0).sort((a, b) => place(a) - place(b));
}

export const sidebarGroups: SidebarGroup[] = GROUPS.map((g) => ({ ...g, pages: pagesInGroup(g.id) }));

const byPath = new Map<string, PageDeclaration>(pages.map((p) => [p.path, p]));

export function pageByPath(path: string): PageDeclaration | undefined {
  return byPath.get(path);
}

/**
 * The declared path an address means: routes also match a trailing slash and any case
 * (/uart-generator/, /UART-generator), but the navbar, the sidebar and recent tools compare the
 * declared path.
 */
export function canonicalPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '') || '/';
  return pages.find((p) => p.path.toLowerCase() === trimmed.toLowerCase())?.path ?? trimmed;
}

/**
 * The document title of the page at `path` (the tab, history, and what a route change announces):
 * known from the address alone, so a page whose chunk is still loading has its title at once.
 */
export function titleOfPath(path: string): string {
  const declared = canonicalPath(path);
  if (declared === '/') return PRODUCT;
  const name =
    declared.toLowerCase() === DIAGNOSTICS_PATH ? DIAGNOSTICS_TITLE : (pageByPath(declared)?.title ?? 'Page not found');
  return `${name} · ${PRODUCT}`;
}

/** The group that lists `path` first (a tool can sit in two groups). */
export function groupOfPath(path: string): SidebarGroup | undefined {
  return sidebarGroups.find((g) => g.pages.some((p) => p.path === path));
}

/** Placeholder subtitle rule (spec part 2): the description, else "{title} - Coming soon to BitSmith". */
export function placeholderSubtitle(page: Pick<PageDeclaration, 'title' | 'description'>): string {
  return page.description || `${page.title} - Coming soon to BitSmith`;
}

export const PRODUCT = 'BitSmith';
export const VERSION = 'v2.0.0';
