/**
 * Icons by name. Declarations and groups name an icon; only this map knows how it is drawn:
 * lucide's SVG icons, which render the same everywhere (emoji needed a font many Linux
 * desktops and headless browsers lack). Icons are decorative: the text beside them names things.
 */
import {
  Activity,
  ArrowLeftRight,
  Binary,
  Braces,
  Cable,
  Calculator,
  ChevronDown,
  ChevronRight,
  ChartColumn,
  Contrast,
  Cpu,
  Database,
  Dices,
  FileCode,
  Globe,
  Image,
  Inbox,
  KeyRound,
  Laptop,
  Link,
  Menu,
  Moon,
  Network,
  Palette,
  Rainbow,
  Search,
  Send,
  Sheet,
  Sun,
  Type,
  Workflow,
  X,
  Wrench,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { IconName } from './icon-names';

export type { IconName };

const ICONS = {
  // Sidebar groups
  gear: Cpu,
  arrows: ArrowLeftRight,
  palette: Palette,
  tools: Wrench,
  chart: ChartColumn,
  globe: Globe,
  // Home page feature cards
  laptop: Laptop,
  bolt: Zap,
  // Tools and placeholders
  checksum: Calculator,
  flow: Workflow,
  queue: Inbox,
  plug: Cable,
  'file-code': FileCode,
  table: Sheet,
  binary: Binary,
  contrast: Contrast,
  rainbow: Rainbow,
  braces: Braces,
  key: KeyRound,
  network: Network,
  link: Link,
  image: Image,
  text: Type,
  send: Send,
  database: Database,
  dice: Dices,
  signal: Activity,
  // Interface
  menu: Menu,
  close: X,
  'chevron-down': ChevronDown,
  'chevron-right': ChevronRight,
  search: Search,
  sun: Sun,
  moon: Moon,
} satisfies Record<IconName, LucideIcon>;

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  const Svg = ICONS[name];
  return <Svg className="icon" size={size} aria-hidden="true" focusable="false" strokeWidth={1.75} />;
}
