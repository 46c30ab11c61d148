import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { gradientLink, useGradientStore, type GradientTab } from './store';
import { usePermalink } from '../../browser/permalink';
import { EditorTab } from './EditorTab';
import { PresetsTab } from './PresetsTab';
import { SavedTab } from './SavedTab';
import { PreviewPanel, CssPanel, ExportPanel } from './OutputPanels';
import './styles.css';
import { useWarmWorker } from '../../hooks/useWarmWorker';
import { pngWorker } from '../../workers/png/client';

const TABS: { id: GradientTab; label: string }[] = [
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

  function onTabKey(e: React.KeyboardEvent, index: number) {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = TABS[(index + delta + TABS.length) % TABS.length];
    if (!next) return;
    setTab(next.id);
    document.getElementById(`gradient-tab-${next.id}`)?.focus();
  }

  return (
    <ToolPage tool={tool} infoCards={INFO_CARDS}>
      <div className="gradient-layout">
        <section className="panel gradient-left" aria-label="Gradient settings">
          <div className="gradient-tabs" role="tablist" aria-label="Gradient panels">
            {TABS.map((t, i) => (
              <button
                key={t.id}
                id={`gradient-tab-${t.id}`}
                type="button"
                role="tab"
                aria-selected={activeTab === t.id}
                aria-controls={`gradient-panel-${t.id}`}
                tabIndex={activeTab === t.id ? 0 : -1}
                className={activeTab === t.id ? 'active' : ''}
                onClick={() => setTab(t.id)}
                onKeyDown={(e) => onTabKey(e, i)}
              >
                {t.label}
                {t.id === 'saved' && savedCount > 0 ? <span className="badge tab-count">{savedCount}</span> : null}
              </button>
            ))}
          </div>
          <div id={`gradient-panel-${activeTab}`} role="tabpanel" aria-labelledby={`gradient-tab-${activeTab}`}>
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
    </ToolPage>
  );
}
