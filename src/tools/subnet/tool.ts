import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: 'subnet',
  path: '/ip-subnet',
  title: 'IP Subnet Calculator',
  description:
    'Calculate IPv4 and IPv6 networks, masks and host ranges, list every subnet or host, and plan VLSM splits.',
  groups: { network: 1 },
  keywords: [
    'cidr',
    'ipv4',
    'netmask',
    'subnet mask',
    'ip address',
    'network',
    'wildcard',
    'broadcast',
    'vlsm',
    'ipv6',
    'ip6.arpa',
    'eui-64',
    'prefix',
  ],
  analyticsName: 'IP Subnet Calculator',
  icon: 'network',
});
