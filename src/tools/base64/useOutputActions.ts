/** Copy (text, the whole output read back from the worker, or a data URL) and Download of the Base64 page's output. */
import { useEffect, useRef } from 'react';
import { trackToolUsage } from '../../telemetry';
import { COPIED_MESSAGE, COPY_CONFIRM_MS, copyText } from '../../components/CopyButton';
import { wrapLines } from '../../core/base64/text';
import { downloadBlob } from '../../browser/download';
import { base64Worker } from '../../workers/base64/client';
import { dataUrl, downloadName } from './logic';
import { useBase64Store } from './store';
import { tool } from './tool';

export function useOutputActions() {
  const copyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copyTimer.current), []);

  /** The copy message, cleared after COPY_CONFIRM_MS unless another message replaced it. */
  const showCopied = (message: string) => {
    const { set } = useBase64Store.getState();
    set({ message });
    clearTimeout(copyTimer.current);
    copyTimer.current = setTimeout(() => {
      if (useBase64Store.getState().message === message) set({ message: '' });
    }, COPY_CONFIRM_MS);
  };

  const copy = async (asDataUrl = false) => {
    const { result, output, mode, encoding, fileInfo } = useBase64Store.getState();
    if (!result) return;
    // Standard Base64 is copied in 76-character lines (spec); URL-safe Base64 goes into URLs,
    // file names and tokens, where a line break breaks it (RFC 4648 section 3.1), so it is one line.
    const { alphabet } = result;
    let text: string;
    if (asDataUrl) {
      // Beyond the preview, the whole Base64 is read back from the worker, in one line.
      const base64 = result.truncated
        ? await base64Worker.copyText(result.blob, mode, encoding, alphabet, false)
        : output;
      text = dataUrl(fileInfo?.type ?? '', base64, alphabet);
    }
    // The output shown is all of it only when it is neither cut nor a hex dump of binary data.
    else if (!result.truncated && result.previewKind === 'text')
      text = mode === 'encode' && alphabet === 'standard' ? wrapLines(output) : output;
    else text = await base64Worker.copyText(result.blob, mode, encoding, alphabet);
    const ok = await copyText(text);
    showCopied(ok ? COPIED_MESSAGE : 'Failed to copy to clipboard');
    if (ok)
      trackToolUsage(tool.analyticsName, 'copy_to_clipboard', {
        mode,
        output_length: text.length,
        data_url: asDataUrl,
      });
  };

  const download = () => {
    const { result, mode, fileInfo } = useBase64Store.getState();
    if (!result) return;
    const name = downloadName(mode, fileInfo, result.mediaType);
    downloadBlob(name, result.blob);
    trackToolUsage(tool.analyticsName, 'download', {
      mode,
      output_length: result.outputLength,
      file_name: name,
    });
  };

  return { copy, download };
}
