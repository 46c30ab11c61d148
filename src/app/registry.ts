/**
 * The one list of BitSmith's pages: it drives routes, the sidebar and the home page.
 * A tool's page is `src/tools/<folder>/Page.tsx`; until that file exists the route shows the
 * tool's title and description (see ToolRoute).
 */

export type ToolKind = 'tool' | 'placeholder' | 'admin';

export interface ToolEntry {
  path: string;
  title: string;
  description: string;
  /** Folder under src/tools holding Page.tsx (tools and admin pages). */
  folder?: string;
  kind: ToolKind;
}

export interface ToolGroup {
  id: string;
  title: string;
  icon: string;
  paths: string[];
}

export const tools: ToolEntry[] = [
  { path: '/crc-generator', folder: 'crc', kind: 'tool', title: 'CRC Generator', description: 'Generate parallel CRC logic in Verilog or VHDL for any polynomial and data width, verified by simulation.' },
  { path: '/fsm-generator', folder: 'fsm', kind: 'tool', title: 'FSM Generator', description: 'Describe a finite state machine and get Verilog and VHDL side by side.' },
  { path: '/fifo-generator', folder: 'fifo', kind: 'tool', title: 'FIFO Generator', description: 'Generate synchronous or asynchronous FIFO buffers in Verilog or VHDL with resource estimates.' },
  { path: '/uart-generator', folder: 'uart', kind: 'tool', title: 'UART Generator', description: 'Generate a UART transmitter and receiver in Verilog or VHDL from baud rate, framing and clock.' },
  { path: '/json-yaml-converter', folder: 'json-yaml', kind: 'tool', title: 'JSON and YAML Converter', description: 'Convert JSON to YAML and YAML to JSON, with anchors and merge keys.' },
  { path: '/csv-json-converter', folder: 'csv-json', kind: 'tool', title: 'CSV and JSON Converter', description: 'Convert CSV to JSON and JSON to CSV with any delimiter and correct quoting.' },
  { path: '/base64-converter', folder: 'base64', kind: 'tool', title: 'Base64 Converter', description: 'Encode text or files to Base64 and decode Base64 back, for files of any size.' },
  { path: '/color-contrast', folder: 'contrast', kind: 'tool', title: 'Color Contrast Checker', description: 'Check the WCAG contrast ratio of text and background colours.' },
  { path: '/gradient-generator', folder: 'gradient', kind: 'tool', title: 'Gradient Generator', description: 'Build linear, radial and conic CSS gradients, then export PNG and SVG.' },
  { path: '/json-formatter', folder: 'json-formatter', kind: 'tool', title: 'JSON Formatter and Validator', description: 'Format, minify and validate JSON without losing number precision.' },
  { path: '/jwt-debugger', folder: 'jwt', kind: 'tool', title: 'JWT Debugger', description: 'Decode JSON Web Tokens and inspect their header, claims and lifetime.' },
  { path: '/ip-subnet', folder: 'subnet', kind: 'tool', title: 'IP Subnet Calculator', description: 'IPv4 network arithmetic: masks, ranges, host counts and subnet lists.' },
  { path: '/url-encoder', folder: 'url', kind: 'tool', title: 'URL Encoder/Decoder', description: 'Percent-encode and decode URLs and their components, with URL analysis.' },
  { path: '/admin/analytics', folder: 'analytics-dashboard', kind: 'admin', title: 'Analytics Dashboard', description: 'Page views, visitors and tool usage.' },
  // Placeholders (spec part 2): Icon Generator keeps the default title and no description.
  { path: '/icon-generator', kind: 'placeholder', title: 'Icon Generator', description: '' },
  { path: '/typography-scale', kind: 'placeholder', title: 'Typography Scale', description: 'Build harmonious type scales for your designs.' },
  { path: '/api-tester', kind: 'placeholder', title: 'API Endpoint Tester', description: 'Send requests to your API endpoints and inspect the responses.' },
  { path: '/sql-formatter', kind: 'placeholder', title: 'SQL Formatter', description: 'Format and beautify SQL queries.' },
  { path: '/data-generator', kind: 'placeholder', title: 'Test Data Generator', description: 'Generate realistic test data in JSON, CSV and SQL.' },
  { path: '/http-status', kind: 'placeholder', title: 'HTTP Status Lookup', description: 'Look up HTTP status codes and what they mean.' },
];

export const groups: ToolGroup[] = [
  { id: 'hardware', title: 'Hardware Development', icon: '⚙️', paths: ['/crc-generator', '/fsm-generator', '/fifo-generator', '/uart-generator'] },
  { id: 'converters', title: 'File Converters', icon: '🔄', paths: ['/json-yaml-converter', '/csv-json-converter', '/base64-converter'] },
  { id: 'design', title: 'UI/UX Design Tools', icon: '🎨', paths: ['/color-contrast', '/icon-generator', '/gradient-generator', '/typography-scale'] },
  { id: 'backend', title: 'Backend Utilities', icon: '🛠️', paths: ['/api-tester', '/json-formatter', '/json-yaml-converter', '/jwt-debugger', '/sql-formatter'] },
  { id: 'data', title: 'Data Processing', icon: '📊', paths: ['/data-generator', '/base64-converter'] },
  { id: 'network', title: 'Network Tools', icon: '🌐', paths: ['/ip-subnet', '/url-encoder', '/http-status'] },
];

const byPath = new Map(tools.map((t) => [t.path, t]));

export function toolByPath(path: string): ToolEntry | undefined {
  return byPath.get(path);
}

/** The group that lists `path` first (a tool can sit in two groups). */
export function groupOfPath(path: string): ToolGroup | undefined {
  return groups.find((g) => g.paths.includes(path));
}

/** Placeholder subtitle rule (spec part 2): the description, else "{title} - Coming soon to BitSmith". */
export function placeholderSubtitle(tool: Pick<ToolEntry, 'title' | 'description'>): string {
  return tool.description || `${tool.title} - Coming soon to BitSmith`;
}

export const PRODUCT = 'BitSmith';
export const VERSION = 'v2.0.0';
