/** The CRC page's tab list (Generate, Identify). */
import { TabList, type TabItem } from '../../../components/TabList';
import { useIdentifyStore, type CrcTab } from './store';

const TABS: TabItem<CrcTab>[] = [
  { id: 'generate', label: 'Generate' },
  { id: 'identify', label: 'Identify' },
];

export const tabId = (tab: CrcTab) => `crc-tab-${tab}`;
export const panelId = (tab: CrcTab) => `crc-panel-${tab}`;

export function CrcTabs() {
  const { tab, setTab } = useIdentifyStore();
  return (
    <TabList
      className="tabs crc-tabs"
      aria-label="CRC tools"
      tabs={TABS}
      selected={tab}
      onSelect={setTab}
      tabId={tabId}
      // The Generate side is the page itself, without a panel element of its own.
      panelId={(t) => (t === 'identify' ? panelId(t) : undefined)}
    />
  );
}
