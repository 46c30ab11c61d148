/**
 * The page controller the HDL generator pages share: the error message, staleness of the shown
 * code against the current configuration, usage and error reporting, presets; and, for the pages
 * with one Generate Code panel (UART, FIFO), the timed generation, the language switch and the
 * panel's props.
 */
import { useState } from 'react';
import type { HdlGenerator, HdlLanguage } from '../core/hdl/contract';
import type { ToolAnalyticsName } from '../tools';
import { trackError, trackToolUsage } from '../telemetry';
import { useTimedGeneration, type Generated } from './useTimedGeneration';

type Details = Parameters<typeof trackToolUsage>[2];

/** Two configurations are the same when they serialise alike (they are plain data). */
export const sameConfig = <C>(a: C, b: C) => JSON.stringify(a) === JSON.stringify(b);

/** A message set for configuration `then` still applies to `now` (pages that pass no configuration: always). */
const stillAbout = <C>(then: C | undefined, now: C | undefined) =>
  then === undefined || now === undefined || then === now || sameConfig(then, now);

export interface HdlPageOptions<C> {
  tool: { analyticsName: ToolAnalyticsName };
  /** Where a failed generation is reported (trackError's context), e.g. 'uart_generate'. */
  errorContext: string;
  /** The configuration the form holds now; undefined while it is not one. */
  config?: C;
  /** The configuration the shown code was generated from; undefined before any. */
  generatedConfig?: C;
}

export function useHdlPage<C>(o: HdlPageOptions<C>) {
  const [shown, setShown] = useState<{ message: string; config?: C; attempt: number }>({ message: '', attempt: 0 });
  const setError = (message: string) => setShown((s) => ({ message, config: o.config, attempt: s.attempt + 1 }));
  const name = o.tool.analyticsName;
  const track = (action: string, details?: Details, duration?: number) =>
    trackToolUsage(name, action, details, duration);
  return {
    /**
     * The message the page shows (generation failures, validation), while the configuration is
     * the one it was about: once the user changes it, an old "0 is too small" is no longer shown.
     */
    error: shown.message && stillAbout(shown.config, o.config) ? shown.message : '',
    /** Counts the times the message was set: Generate Code pressed again on the same problem is announced again. */
    errorAttempt: shown.attempt,
    setError,
    /** Shows `message` and reports the failure (by default the same text, under `errorContext`). */
    fail(message: string, report: { context?: string; detail?: string } = {}) {
      setError(message);
      trackError(report.context ?? o.errorContext, report.detail ?? message, name);
    },
    /** The configuration changed since the shown code was generated. */
    stale: o.generatedConfig !== undefined && o.config !== undefined && !sameConfig(o.generatedConfig, o.config),
    track,
    /** Applies a preset (or example), clears the message and reports `action`. */
    load(apply: () => void, action: string, details?: Details) {
      apply();
      setError('');
      track(action, details);
    },
  };
}

export interface HdlGeneratorOptions<C> extends HdlPageOptions<C> {
  generator: Pick<HdlGenerator<C, unknown>, 'validate' | 'generate' | 'testbench'>;
  config: C;
  /** The page's store: the chosen language and the shown code. */
  language: HdlLanguage;
  generated: Generated<C> | null;
  setLanguage(language: HdlLanguage): void;
  setGenerated(g: Generated<C> | null): void;
  /** The language as the store holds it when the Generate delay ends. */
  currentLanguage(): HdlLanguage;
  /** Usage details of generate_code, and of the code's Copy and downloads. */
  details: {
    generate(config: C, language: HdlLanguage): Details;
    code(config: C, language: HdlLanguage): Details;
  };
}

/** One Generate Code panel: validate, 'Generating...', language switch, presets, tracking. */
export function useHdlGenerator<C>(o: HdlGeneratorOptions<C>) {
  const page = useHdlPage<C>({ ...o, generatedConfig: o.generated?.config });
  const timed = useTimedGeneration({
    generated: o.generated,
    setGenerated: o.setGenerated,
    currentLanguage: o.currentLanguage,
    generate: o.generator.generate,
    onGenerated: (c, language) => page.track('generate_code', o.details.generate(c, language)),
    onError: (message) => page.fail(message),
  });
  const { generated } = o;
  const trackCode = (action: string) =>
    generated && page.track(action, o.details.code(generated.config, generated.language));

  const generate = () => {
    const problems = o.generator.validate(o.config);
    if (problems.length) {
      page.setError(problems.join(' '));
      return;
    }
    page.setError('');
    timed.generate(o.config);
  };

  const chooseLanguage = (language: HdlLanguage) => {
    o.setLanguage(language);
    timed.showLanguage(language);
    page.track('change_language', { language });
  };

  return {
    ...page,
    generating: timed.generating,
    generate,
    /** A preset sets (part of) the configuration: `apply` does it. */
    loadPreset: (id: string, apply: () => void) => page.load(apply, 'load_preset', { preset: id }),
    /** The GeneratedCode props of the panel (title, id and the controls are the page's). */
    code: {
      language: generated?.language ?? o.language,
      file: generated?.file ?? null,
      onLanguageChange: chooseLanguage,
      testbench: () => o.generator.testbench(generated!.config, generated!.language),
      stale: page.stale,
      onCopied: () => trackCode('copy_code'),
      onDownloaded: () => trackCode('download_code'),
      onTestbenchDownloaded: () => trackCode('download_testbench'),
    },
  };
}
