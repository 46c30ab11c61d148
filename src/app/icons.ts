/**
 * Icons by name. Declarations and groups name an icon; only this map knows how it is drawn
 * (emoji glyphs today), so replacing the glyphs with SVGs touches this file alone.
 */
const ICONS = {
  // Sidebar groups
  gear: '⚙️',
  arrows: '🔄',
  palette: '🎨',
  tools: '🛠️',
  chart: '📊',
  globe: '🌐',
  // Home page feature cards
  laptop: '💻',
  bolt: '⚡',
  // Tools and placeholders
  checksum: '🧮',
  flow: '🔀',
  queue: '📥',
  plug: '🔌',
  'file-code': '📄',
  table: '📋',
  binary: '🔢',
  contrast: '🌓',
  rainbow: '🌈',
  braces: '🧾',
  key: '🔑',
  network: '📡',
  link: '🔗',
  image: '🖼️',
  text: '🔤',
  send: '📨',
  database: '🗄️',
  dice: '🎲',
  signal: '🚦',
} as const;

export type IconName = keyof typeof ICONS;

export function iconGlyph(name: IconName): string {
  return ICONS[name];
}
