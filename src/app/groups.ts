/**
 * The sidebar groups, in sidebar order (spec part 1, "Sidebar navigation"). A group does not
 * list its tools: each declaration names the group(s) it sits in and its place there.
 */
import type { IconName } from './icon-names';

export interface GroupDeclaration {
  id: string;
  title: string;
  icon: IconName;
}

export const GROUPS = [
  { id: 'hardware', title: 'Hardware Development', icon: 'gear' },
  { id: 'converters', title: 'File Converters', icon: 'arrows' },
  { id: 'design', title: 'UI/UX Design Tools', icon: 'palette' },
  { id: 'backend', title: 'Backend Utilities', icon: 'tools' },
  { id: 'data', title: 'Data Processing', icon: 'chart' },
  { id: 'network', title: 'Network Tools', icon: 'globe' },
] as const satisfies readonly GroupDeclaration[];

export type GroupId = (typeof GROUPS)[number]['id'];
