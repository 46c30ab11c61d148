/**
 * The shape of a page declaration. Each tool declares itself once, in
 * `src/tools/<folder>/tool.ts`; routes, sidebar, home page, page headers and analytics names
 * all follow from the declarations (see registry.ts). Declarations are plain data: they import
 * no React and no page, so tests and scripts can read them cheaply.
 */
import type { GroupId } from './groups';
import type { IconName } from './icon-names';

/**
 * The sidebar groups a page sits in, each with its 1-based place inside that group,
 * e.g. `{ converters: 1, backend: 3 }` (a page can sit in two groups).
 */
export type GroupPlaces = Partial<Record<GroupId, number>>;

interface DeclarationBase {
  /** The route, e.g. '/crc-generator'. */
  path: `/${string}`;
  /** Page heading, sidebar and home link text, document title. */
  title: string;
  /** The page header's description (a placeholder's subtitle). */
  description: string;
  groups: GroupPlaces;
  /** Words people type when they look for this tool (synonyms, abbreviations), for search. */
  keywords: readonly string[];
  icon: IconName;
}

export interface ToolDeclaration extends DeclarationBase {
  /**
   * 'admin' pages have a route but no sidebar place and are left out of the tool filters;
   * 'unlisted' pages (public, outside the spec's sidebar) have no sidebar place but are found.
   */
  kind: 'tool' | 'admin' | 'unlisted';
  /** The folder under src/tools holding this tool.ts and its Page.tsx. */
  folder: string;
  /**
   * The tool_name sent with every analytics event of this tool. The dashboard and stored
   * events group by it: never change an existing one, even when the title changes.
   */
  analyticsName: string;
}

/** A tool that is announced but not built yet (spec part 2, "Placeholder pages"). */
export interface PlaceholderDeclaration extends DeclarationBase {
  kind: 'placeholder';
}

export type PageDeclaration = ToolDeclaration | PlaceholderDeclaration;

/** Keeps the literal types (notably `analyticsName`) while checking the shape. */
export function defineTool<const T extends ToolDeclaration>(tool: T): T {
  return tool;
}

export function definePlaceholder<const T extends PlaceholderDeclaration>(page: T): T {
  return page;
}
