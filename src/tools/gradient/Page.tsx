import { ToolPage } from '../../components/ToolPage';
import { TabList, type TabItem } from '../../components/TabList';
import { tool } from './tool';
import { gradientLink, useGradientStore, type GradientTab } from './store';
import { usePermalink } from '../../browser/permalink';
import { EditorTab } from './EditorTab';
import { PresetsTab } from './PresetsTab';
import { SavedTab } from './SavedTab';
import { panelId, tabId } from './tabs';
import { PreviewPanel, CssPanel, ExportPanel } from './OutputPanels';
import './styles.css';
import { GradientUndoProvider } from './undo';
import { useWarmWorker } from '../../hooks/useWarmWorker';
import { pngWorker } from '../../workers/png/client';

const TABS: TabItem<GradientTab>[] = [
  { id: 'editor', label: 'Editor' },
  { id: 'presets', label: 'Presets' },
  { id: 'saved', label: 'Saved' },
];

const INFO_CARDS = [
  {
    title: 'Exports that match',
    text: 'PNG files are rasterised in WebAssembly with the same geometry and colour interpolation as the browser, so the download looks like the preview, conic gradients included.',
  },
  {
    title: 'Big images, no freeze',
    text: 'Exports up to 8192 × 8192 run in a background worker with progress and Cancel; the page stays responsive.',
  },
  {
    title: 'Tips',
    text: 'Put two stops at the same position for a hard edge; turn on Repeating to tile the stops; press Random for inspiration.',
  },
];

export default function GradientPage() {
  useWarmWorker(pngWorker);
  usePermalink(useGradientStore, gradientLink);
  const activeTab = useGradientStore((s) => s.activeTab);
  const setTab = useGradientStore((s) => s.setTab);
  const savedCount = useGradientStore((s) => s.saved.length);

  // The Saved tab shows how many gradients are saved. Hidden from its name, which stays the spec's
  // "Saved" ("Saved 3" otherwise); the panel's heading "Saved Gradients (3)" says the count.
  const tabs = TABS.map((t) =>
    t.id === 'saved' && savedCount > 0
      ? {
          ...t,
          extra: (
            <span className="badge tab-count" aria-hidden="true">
              {savedCount}
            </span>
          ),
        }
      : t,
  );

  return (
    <ToolPage tool={tool} infoCards={INFO_CARDS}>
      <GradientUndoProvider>
        <div className="gradient-layout">
          <section className="panel gradient-left" aria-label="Gradient settings">
            <TabList
              className="gradient-tabs"
              selectedClassName="active"
              aria-label="Gradient panels"
              tabs={tabs}
              selected={activeTab}
              onSelect={setTab}
              tabId={tabId}
              panelId={panelId}
            />
            <div id={panelId(activeTab)} role="tabpanel" aria-labelledby={tabId(activeTab)}>
              {activeTab === 'editor' && <EditorTab />}
              {activeTab === 'presets' && <PresetsTab />}
              {activeTab === 'saved' && <SavedTab />}
            </div>
          </section>
          <div className="gradient-right">
            <PreviewPanel />
            <CssPanel />
            <ExportPanel />
          </div>
        </div>
      </GradientUndoProvider>
    </ToolPage>
  );
}
