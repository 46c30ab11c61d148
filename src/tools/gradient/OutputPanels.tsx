import { useRef, useState } from 'react';
import { useGradientStore } from './store';
import { CopyButton } from '../../components/CopyButton';
import { Progress } from '../../components/Progress';
import { StatusLine } from '../../components/StatusLine';
import { isAbortError } from '../../workers/bridge';
import { trackError, trackToolUsage } from '../../telemetry';
import { cssCode, gradientFunction, previewStyle } from '../../core/gradient/css';
import { MAX_EXPORT_SIDE } from '../../core/gradient/model';
import { downloadPng, downloadSvg } from './exporter';
import { exportSize } from './logic';
import { formatBytes } from '../../core/bytes';
import { tool } from './tool';
import { BusyButton } from '../../components/BusyButton';
import { usePageUndo } from './undo';

export function PreviewPanel() {
  const g = useGradientStore((s) => s.gradient);
  const randomize = useGradientStore((s) => s.randomize);
  const undo = usePageUndo();
  return (
    <section className="panel" aria-labelledby="gradient-preview-heading">
      <div className="section-head">
        <h2 id="gradient-preview-heading">Live Preview</h2>
        <button type="button" onClick={() => undo.replace('New random gradient.', randomize)}>
          Random
        </button>
      </div>
      {undo.undoBar}
      <div
        className="gradient-preview"
        data-testid="gradient-preview"
        role="img"
        aria-label={`Preview: ${gradientFunction(g)}`}
        style={previewStyle(g)}
      />
    </section>
  );
}

export function CssPanel() {
  const g = useGradientStore((s) => s.gradient);
  const css = cssCode(g);
  const fn = gradientFunction(g);
  const copied = (what: string) => trackToolUsage(tool.analyticsName, 'copy_css', { variant: what });
  return (
    <section className="panel" aria-labelledby="gradient-css-heading">
      <div className="section-head">
        <h2 id="gradient-css-heading">CSS Code</h2>
        <div className="row">
          <CopyButton text={css} label="Copy CSS" onCopied={() => copied('full')} />
          <CopyButton text={fn} label="Gradient Only" onCopied={() => copied('gradient')} />
        </div>
      </div>
      <pre className="code gradient-css" data-testid="gradient-css">
        {css}
      </pre>
    </section>
  );
}

export function ExportPanel() {
  const g = useGradientStore((s) => s.gradient);
  const exportWidth = useGradientStore((s) => s.exportWidth);
  const exportHeight = useGradientStore((s) => s.exportHeight);
  const dither = useGradientStore((s) => s.dither);
  const { setExportSize, setDither } = useGradientStore.getState();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [status, setStatus] = useState('');
  const abortRef = useRef<AbortController | null>(null);
  const { width, height } = exportSize(exportWidth, exportHeight);

  async function onPng() {
    const controller = new AbortController();
    abortRef.current = controller;
    setStatus('');
    setProgress({ done: 0, total: height });
    // Progress arrives on the callback's own message channel and may land after the result.
    let active = true;
    const onProgress = (done: number, total: number) => active && setProgress({ done, total });
    try {
      const started = performance.now();
      const { name, size } = await downloadPng(g, width, height, dither, onProgress, controller.signal);
      setStatus(
        `✅ ${name} (${width} × ${height}, ${formatBytes(size)}) in ${Math.round(performance.now() - started)} ms`,
      );
      trackToolUsage(tool.analyticsName, 'download_image', { type: g.type, width, height, bytes: size });
    } catch (e) {
      if (isAbortError(e)) {
        setStatus('PNG export cancelled');
      } else {
        console.error('PNG export failed', e);
        trackError('gradient_png_export', (e as Error)?.message ?? String(e), tool.analyticsName);
        window.alert('Error generating image. Please try again.');
      }
    } finally {
      active = false;
      setProgress(null);
      abortRef.current = null;
    }
  }

  function onSvg() {
    try {
      const { name, size } = downloadSvg(g, width, height);
      setStatus(`✅ ${name} (${formatBytes(size)})`);
      trackToolUsage(tool.analyticsName, 'export_svg', { type: g.type, width, height });
    } catch (e) {
      console.error('SVG export failed', e);
      trackError('gradient_svg_export', (e as Error)?.message ?? String(e), tool.analyticsName);
      window.alert('Error exporting SVG. Please try again.');
    }
  }

  return (
    <section className="panel" aria-labelledby="gradient-export-heading">
      <h2 id="gradient-export-heading">Export Options</h2>
      <div className="row">
        <label className="field">
          <span>Width (px)</span>
          <input
            type="number"
            min={1}
            max={MAX_EXPORT_SIDE}
            value={exportWidth}
            onChange={(e) => setExportSize('width', e.target.value)}
          />
        </label>
        <label className="field">
          <span>Height (px)</span>
          <input
            type="number"
            min={1}
            max={MAX_EXPORT_SIDE}
            value={exportHeight}
            onChange={(e) => setExportSize('height', e.target.value)}
          />
        </label>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={dither} onChange={(e) => setDither(e.target.checked)} /> Dither PNG (off by
        default)
      </label>
      <p className="hint">
        Output {width} × {height} px (up to {MAX_EXPORT_SIDE} per side). Without dithering the PNG matches the
        browser&apos;s rendering within a few levels per channel and compresses best; dithering hides banding in subtle
        gradients at the cost of file size.
      </p>
      <div className="row">
        <BusyButton className="primary" onClick={onPng} busy={!!progress}>
          Download PNG
        </BusyButton>
        <button type="button" onClick={onSvg}>
          Export SVG
        </button>
      </div>
      {progress && (
        <Progress
          label="Rendering PNG"
          done={progress.done}
          total={progress.total}
          onCancel={() => abortRef.current?.abort()}
        />
      )}
      <StatusLine text={status} />
    </section>
  );
}
