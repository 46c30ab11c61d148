/**
 * Every tool declaration, imported one by one (not globbed) so that the analytics names form a
 * literal union: a misspelt tool name does not compile. `npm run new-tool` adds its lines here.
 */
import type { ToolDeclaration } from '../app/tool';
import { tool as crc } from './crc/tool';
import { tool as fsm } from './fsm/tool';
import { tool as fifo } from './fifo/tool';
import { tool as uart } from './uart/tool';
import { tool as jsonYaml } from './json-yaml/tool';
import { tool as csvJson } from './csv-json/tool';
import { tool as base64 } from './base64/tool';
import { tool as contrast } from './contrast/tool';
import { tool as gradient } from './gradient/tool';
import { tool as jsonFormatter } from './json-formatter/tool';
import { tool as jwt } from './jwt/tool';
import { tool as subnet } from './subnet/tool';
import { tool as url } from './url/tool';
import { tool as analyticsDashboard } from './analytics-dashboard/tool';
import { tool as benchmarks } from './benchmarks/tool';

export const tools = [
  crc,
  fsm,
  fifo,
  uart,
  jsonYaml,
  csvJson,
  base64,
  contrast,
  gradient,
  jsonFormatter,
  jwt,
  subnet,
  url,
  analyticsDashboard,
  benchmarks,
] as const satisfies readonly ToolDeclaration[];

/** The tool_name of analytics events: one literal per declared tool. */
export type ToolAnalyticsName = (typeof tools)[number]['analyticsName'];
