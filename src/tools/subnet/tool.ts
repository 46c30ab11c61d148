import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: 'subnet',
  path: '/ip-subnet',
  title: 'IP Subnet Calculator',
  description: 'Calculate IPv4 networks, masks and host ranges, list every subnet or host, and plan VLSM splits.',
  groups: { network: 1 },
  keywords: ['cidr', 'ipv4', 'netmask', 'subnet mask', 'ip address', 'network', 'wildcard', 'broadcast', 'vlsm'],
  analyticsName: 'IP Subnet Calculator',
  icon: 'network',
});
