import { useEffect, useRef, useState } from 'react';
import type { HdlFile, HdlLanguage } from '../core/hdl/contract';

/** A design file generated for a configuration in one language. */
export interface Generated<C> {
  file: HdlFile;
  language: HdlLanguage;
  config: C;
}

const GENERATE_INDICATOR_MS = 500;

/**
 * The generators' Generate flow (spec part 2: "Generating..." for 500 ms, then the code). The
 * language is read when the delay ends, since the toggle may move meanwhile; switching language
 * later regenerates the shown code for the configuration it was generated from.
 */
export function useTimedGeneration<C>(opts: {
  generated: Generated<C> | null;
  setGenerated(g: Generated<C>): void;
  currentLanguage(): HdlLanguage;
  generate(config: C, language: HdlLanguage): HdlFile;
  /** Called after a successful generation (usage reporting). */
  onGenerated(config: C, language: HdlLanguage): void;
  /** Called with 'Code generation failed: …' when the generator throws. */
  onError(message: string): void;
}) {
  const [generating, setGenerating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const generate = (config: C) => {
    setGenerating(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const language = opts.currentLanguage();
      try {
        opts.setGenerated({ file: opts.generate(config, language), language, config });
        opts.onGenerated(config, language);
      } catch (e) {
        opts.onError(`Code generation failed: ${(e as Error).message}`);
      } finally {
        setGenerating(false);
      }
    }, GENERATE_INDICATOR_MS);
  };

  const showLanguage = (language: HdlLanguage) => {
    const g = opts.generated;
    if (g && g.language !== language) opts.setGenerated({ ...g, file: opts.generate(g.config, language), language });
  };

  return { generating, generate, showLanguage };
}
