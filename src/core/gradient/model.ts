/** Gradient entities (spec part 2, section 3) and the editor defaults (section 4). */

export type GradientType = 'linear' | 'radial' | 'conic';
export type RadialShape = 'circle' | 'ellipse';
export type BlendMode = 'normal' | 'multiply' | 'screen' | 'overlay';

export const GRADIENT_TYPES: GradientType[] = ['linear', 'radial', 'conic'];
export const RADIAL_SHAPES: RadialShape[] = ['circle', 'ellipse'];
export const BLEND_MODES: BlendMode[] = ['normal', 'multiply', 'screen', 'overlay'];
export const QUICK_ANGLES = [0, 45, 90, 135, 180, 225, 270, 315];

export interface ColorStop {
  id: number;
  /** Hex such as #10b981. */
  color: string;
  /** 0-100 percent. */
  position: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Everything that defines how a gradient looks (the editor's gradient fields). */
export interface GradientSpec {
  type: GradientType;
  angle: number;
  shape: RadialShape;
  position: Point;
  stops: ColorStop[];
  blendMode: BlendMode;
  repeating: boolean;
}

export const NEW_STOP_COLOR = '#10b981';
export const NEW_STOP_OFFSET = 10;
export const NEW_STOP_CAP = 95;
export const NEW_STOP_FIRST = 50;
export const MIN_STOPS = 2;
export const MAX_SAVED = 50;
export const DEFAULT_EXPORT = { width: 1920, height: 1080 };
/** Largest export side: the rasteriser runs in a worker, band by band. */
export const MAX_EXPORT_SIDE = 8192;

export function defaultGradient(): GradientSpec {
  return {
    type: 'linear',
    angle: 90,
    shape: 'ellipse',
    position: { x: 50, y: 50 },
    stops: [
      { id: 1, color: '#6366f1', position: 0 },
      { id: 2, color: '#8b5cf6', position: 100 },
    ],
    blendMode: 'normal',
    repeating: false,
  };
}
