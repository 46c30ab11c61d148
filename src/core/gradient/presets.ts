/** The ten named presets (spec part 2, section 9); colours, angles and positions chosen here. */
import type { ColorStop, GradientType, Point, RadialShape } from './model';

export interface Preset {
  name: string;
  type: GradientType;
  angle: number;
  shape: RadialShape;
  position: Point;
  /** Colour and position only; ids are assigned by order starting at 1 when loaded. */
  colors: { color: string; position: number }[];
}

const centre = { x: 50, y: 50 };

export const PRESETS: Preset[] = [
  {
    name: 'Ocean Blue',
    type: 'linear',
    angle: 135,
    shape: 'ellipse',
    position: centre,
    colors: [
      { color: '#0061ff', position: 0 },
      { color: '#60efff', position: 100 },
    ],
  },
  {
    name: 'Sunset',
    type: 'linear',
    angle: 90,
    shape: 'ellipse',
    position: centre,
    colors: [
      { color: '#ff512f', position: 0 },
      { color: '#f09819', position: 50 },
      { color: '#dd2476', position: 100 },
    ],
  },
  {
    name: 'Aurora',
    type: 'linear',
    angle: 45,
    shape: 'ellipse',
    position: centre,
    colors: [
      { color: '#00c9a7', position: 0 },
      { color: '#845ec2', position: 50 },
      { color: '#2c73d2', position: 100 },
    ],
  },
  {
    name: 'Cotton Candy',
    type: 'linear',
    angle: 120,
    shape: 'ellipse',
    position: centre,
    colors: [
      { color: '#ffafcc', position: 0 },
      { color: '#cdb4db', position: 50 },
      { color: '#a2d2ff', position: 100 },
    ],
  },
  {
    name: 'Mojito',
    type: 'linear',
    angle: 180,
    shape: 'ellipse',
    position: centre,
    colors: [
      { color: '#1d976c', position: 0 },
      { color: '#93f9b9', position: 100 },
    ],
  },
  {
    name: 'Emerald Glow',
    type: 'radial',
    angle: 90,
    shape: 'circle',
    position: { x: 50, y: 40 },
    colors: [
      { color: '#6ee7b7', position: 0 },
      { color: '#10b981', position: 45 },
      { color: '#064e3b', position: 100 },
    ],
  },
  {
    name: 'Sunburst',
    type: 'radial',
    angle: 90,
    shape: 'ellipse',
    position: { x: 50, y: 100 },
    colors: [
      { color: '#fff3b0', position: 0 },
      { color: '#ffb703', position: 35 },
      { color: '#fb5607', position: 70 },
      { color: '#8338ec', position: 100 },
    ],
  },
  {
    name: 'Rainbow',
    type: 'conic',
    angle: 0,
    shape: 'ellipse',
    position: centre,
    colors: [
      { color: '#ff0000', position: 0 },
      { color: '#ffff00', position: 17 },
      { color: '#00ff00', position: 33 },
      { color: '#00ffff', position: 50 },
      { color: '#0000ff', position: 67 },
      { color: '#ff00ff', position: 83 },
      { color: '#ff0000', position: 100 },
    ],
  },
  {
    name: 'Neon Cyber',
    type: 'linear',
    angle: 225,
    shape: 'ellipse',
    position: centre,
    colors: [
      { color: '#f72585', position: 0 },
      { color: '#7209b7', position: 50 },
      { color: '#4cc9f0', position: 100 },
    ],
  },
  {
    name: 'Night Sky',
    type: 'radial',
    angle: 90,
    shape: 'ellipse',
    position: { x: 70, y: 20 },
    colors: [
      { color: '#2e3a87', position: 0 },
      { color: '#141e4a', position: 55 },
      { color: '#05070f', position: 100 },
    ],
  },
];

export function presetStops(p: Preset): ColorStop[] {
  return p.colors.map((c, i) => ({ id: i + 1, color: c.color, position: c.position }));
}
