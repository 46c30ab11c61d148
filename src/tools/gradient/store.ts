/** Gradient generator state (spec part 2, sections 3-4). Saved gradients mirror localStorage. */
import { create } from 'zustand';
import { trackToolUsage } from '../../telemetry';
import {
  defaultGradient,
  DEFAULT_EXPORT,
  MAX_SAVED,
  type BlendMode,
  type GradientSpec,
  type GradientType,
  type RadialShape,
} from '../../core/gradient/model';
import {
  addStop,
  removeStop,
  setStopColor,
  setStopPosition,
  clampNumber,
  canRemoveStop,
} from '../../core/gradient/stops';
import { randomGradient, randomStops } from '../../core/gradient/random';
import { presetStops, type Preset } from '../../core/gradient/presets';
import {
  addSaved,
  deleteSaved,
  gradientFromSaved,
  loadSaved,
  makeSaved,
  storeSaved,
  STORAGE_KEY,
  type SavedGradient,
} from '../../core/gradient/saved';
import { tool } from './tool';
import { keepDraft } from '../../browser/draft';
import { webStorage } from '../../browser/quiet-storage';
import type { PermalinkSpec } from '../../browser/permalink';
import {
  GRADIENT_LINK_DEFAULTS,
  gradientFromSettings,
  linkSettingsOk,
  gradientSettings,
  type GradientSettings,
} from '../../core/gradient/link';

export type GradientTab = 'editor' | 'presets' | 'saved';

export interface GradientState {
  gradient: GradientSpec;
  activeTab: GradientTab;
  name: string;
  openStopId: number | null;
  saved: SavedGradient[];
  /** The last change of the saved list could not be written to localStorage (full or blocked). */
  savedNotStored: boolean;
  exportWidth: string;
  exportHeight: string;
  dither: boolean;

  setTab(tab: GradientTab): void;
  setType(type: GradientType): void;
  setAngle(angle: number | string): void;
  setShape(shape: RadialShape): void;
  setPosition(axis: 'x' | 'y', value: number | string): void;
  addStop(): void;
  removeStop(id: number): void;
  setStopColor(id: number, input: string): void;
  setStopPosition(id: number, input: string | number): void;
  toggleStopPopup(id: number): void;
  closeStopPopup(): void;
  setBlendMode(mode: BlendMode): void;
  setRepeating(on: boolean): void;
  randomize(): void;
  randomizeStops(): void;
  loadPreset(p: Preset): void;
  loadSaved(s: SavedGradient): void;
  setName(name: string): void;
  /** Saves under the trimmed name; false (nothing saved) when the name is blank. */
  save(): boolean;
  deleteSaved(id: number): void;
  clearSaved(): void;
  /** Puts back a list removed by Delete or Clear All (Undo). */
  restoreSaved(list: SavedGradient[]): void;
  setExportSize(axis: 'width' | 'height', value: string): void;
  setDither(on: boolean): void;
}

const track = (action: string, meta?: Record<string, string | number | boolean>) =>
  trackToolUsage(tool.analyticsName, action, meta);

// Dragging the colour picker fires many changes: report one update_color per pause.
let colorEventTimer: ReturnType<typeof setTimeout> | undefined;
const trackColorUpdate = () => {
  clearTimeout(colorEventTimer);
  colorEventTimer = setTimeout(() => track('update_color'), 500);
};

export const useGradientStore = create<GradientState>()((set, get) => {
  const update = (fn: (g: GradientSpec) => GradientSpec) => set((s) => ({ gradient: fn(s.gradient) }));
  const setSaved = (saved: SavedGradient[]) => {
    const stored = storeSaved(saved, webStorage('localStorage') ?? undefined);
    set({ saved, savedNotStored: !stored });
  };
  return {
    gradient: defaultGradient(),
    activeTab: 'editor',
    name: '',
    openStopId: null,
    saved: loadSaved(webStorage('localStorage') ?? undefined),
    savedNotStored: false,
    exportWidth: String(DEFAULT_EXPORT.width),
    exportHeight: String(DEFAULT_EXPORT.height),
    dither: false,

    setTab: (activeTab) => set({ activeTab }),
    setType: (type) => update((g) => ({ ...g, type })),
    setAngle: (angle) => update((g) => ({ ...g, angle: Math.round(clampNumber(angle, 0, 360, g.angle)) })),
    setShape: (shape) => update((g) => ({ ...g, shape })),
    setPosition: (axis, value) =>
      update((g) => ({
        ...g,
        position: { ...g.position, [axis]: Math.round(clampNumber(value, 0, 100, g.position[axis])) },
      })),
    addStop: () => {
      update((g) => ({ ...g, stops: addStop(g.stops) }));
      track('add_color_stop', { count: get().gradient.stops.length });
    },
    removeStop: (id) => {
      if (!canRemoveStop(get().gradient.stops)) return;
      update((g) => ({ ...g, stops: removeStop(g.stops, id) }));
      set((s) => (s.openStopId === id ? { openStopId: null } : {}));
      track('remove_color_stop', { count: get().gradient.stops.length });
    },
    setStopColor: (id, input) => {
      const before = get().gradient.stops;
      const stops = setStopColor(before, id, input);
      if (stops === before) return; // invalid hex: ignored without a message
      update((g) => ({ ...g, stops }));
      trackColorUpdate();
    },
    setStopPosition: (id, input) => update((g) => ({ ...g, stops: setStopPosition(g.stops, id, input) })),
    toggleStopPopup: (id) => set((s) => ({ openStopId: s.openStopId === id ? null : id })),
    closeStopPopup: () => set({ openStopId: null }),
    setBlendMode: (blendMode) => update((g) => ({ ...g, blendMode })),
    setRepeating: (repeating) => update((g) => ({ ...g, repeating })),
    randomize: () => {
      update((g) => randomGradient(g));
      set({ openStopId: null });
      track('generate_random', { type: get().gradient.type });
    },
    randomizeStops: () => {
      update((g) => ({ ...g, stops: randomStops() }));
      set({ openStopId: null });
      track('generate_random', { scope: 'stops' });
    },
    loadPreset: (p) => {
      // Blend mode and repeating are kept (spec: a preset restores the rest only).
      update((g) => ({
        ...g,
        type: p.type,
        angle: p.angle,
        shape: p.shape,
        position: { ...p.position },
        stops: presetStops(p),
      }));
      set({ activeTab: 'editor', openStopId: null });
      track('load_preset', { name: p.name });
    },
    loadSaved: (s) => {
      set({ gradient: gradientFromSaved(s), activeTab: 'editor', openStopId: null });
      track('load_gradient', { type: s.type });
    },
    setName: (name) => set({ name }),
    save: () => {
      const { name, gradient, saved } = get();
      if (!name.trim()) return false;
      setSaved(addSaved(saved, makeSaved(name, gradient)));
      set({ name: '' });
      track('save_gradient', { type: gradient.type, stops: gradient.stops.length });
      return true;
    },
    deleteSaved: (id) => {
      setSaved(deleteSaved(get().saved, id));
      track('delete_gradient');
    },
    clearSaved: () => {
      setSaved([]);
      track('delete_gradient', { all: true });
    },
    restoreSaved: (list) => {
      // Keep what another tab saved since the delete (the list before it does not hold it).
      const since = get().saved.filter((s) => !list.some((b) => b.id === s.id));
      setSaved([...since, ...list].slice(0, MAX_SAVED));
    },
    setExportSize: (axis, value) => set(axis === 'width' ? { exportWidth: value } : { exportHeight: value }),
    setDither: (dither) => set({ dither }),
  };
});

// Another tab of this origin changed the saved list (key null: it cleared the storage): take its
// list, so a save here builds on it instead of writing over it (the other tab's saves were lost).
globalThis.window?.addEventListener('storage', (e) => {
  if (e.storageArea !== webStorage('localStorage') || (e.key !== null && e.key !== STORAGE_KEY)) return;
  useGradientStore.setState({ saved: loadSaved(webStorage('localStorage') ?? undefined) });
});

keepDraft(useGradientStore, tool.path, ({ gradient, activeTab, name, exportWidth, exportHeight, dither }) => ({
  gradient,
  activeTab,
  name,
  exportWidth,
  exportHeight,
  dither,
}));

/** The whole gradient is in the link. */
export const gradientLink: PermalinkSpec<GradientState, GradientSettings> = {
  pick: ({ gradient }) => gradientSettings(gradient),
  apply: (settings) => {
    const gradient = gradientFromSettings(settings);
    if (gradient) useGradientStore.setState({ gradient });
  },
  defaults: GRADIENT_LINK_DEFAULTS,
  accept: linkSettingsOk,
};
