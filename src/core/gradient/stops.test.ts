import { describe, expect, it } from 'vitest';
import {
  addStop,
  canRemoveStop,
  clampNumber,
  parseExportSize,
  parsePosition,
  removeStop,
  setStopColor,
  setStopPosition,
} from './stops';
import { normalizeHexInput } from './color';
import { defaultGradient } from './model';

const stops = (...p: [number, number][]) => p.map(([id, position]) => ({ id, color: '#000000', position }));

describe('colour stops', () => {
  it('adds #10b981 at the last position + 10 with id max + 1, sorted', () => {
    const out = addStop(stops([1, 0], [5, 30], [2, 60]));
    expect(out).toEqual([...stops([1, 0], [5, 30], [2, 60]), { id: 6, color: '#10b981', position: 70 }]);
  });
  it('caps the new position at 95 and uses 50 without stops', () => {
    expect(addStop(stops([1, 0], [2, 90])).at(-1)).toMatchObject({ position: 95, id: 3 });
    expect(addStop(stops([1, 0], [2, 100])).map((s) => [s.id, s.position])).toEqual([
      [1, 0],
      [3, 95],
      [2, 100],
    ]);
    expect(addStop([])).toEqual([{ id: 1, color: '#10b981', position: 50 }]);
  });
  it('takes the last stop of the list (not the highest) and then sorts', () => {
    // Last in the list is at 20: the new stop goes to 30 and is sorted before 80.
    const out = addStop(stops([1, 0], [2, 80], [3, 20]));
    expect(out.map((s) => s.position)).toEqual([0, 20, 30, 80]);
    expect(out.find((s) => s.position === 30)?.id).toBe(4);
  });
  it('removes only while more than 2 stops remain', () => {
    const three = stops([1, 0], [2, 50], [3, 100]);
    expect(canRemoveStop(three)).toBe(true);
    expect(removeStop(three, 2).map((s) => s.id)).toEqual([1, 3]);
    const two = stops([1, 0], [3, 100]);
    expect(canRemoveStop(two)).toBe(false);
    expect(removeStop(two, 1)).toBe(two);
  });
  it('parses positions as integers, non-numeric to 0, clamped to 0-100', () => {
    expect(parsePosition('42')).toBe(42);
    expect(parsePosition('42.9')).toBe(42);
    expect(parsePosition('abc')).toBe(0);
    expect(parsePosition('')).toBe(0);
    expect(parsePosition('-5')).toBe(0);
    expect(parsePosition('250')).toBe(100);
    expect(parsePosition(77.7)).toBe(77);
    expect(setStopPosition(stops([1, 0], [2, 100]), 2, 'x')[1]?.position).toBe(0);
  });
  it('accepts 6-digit hex with #, prepends # without it, ignores anything else', () => {
    expect(normalizeHexInput('#A1b2C3')).toBe('#a1b2c3');
    expect(normalizeHexInput('a1b2c3')).toBe('#a1b2c3');
    for (const bad of ['#abc', 'abc', '#12345', '#1234567', 'red', '#ggg000', ''])
      expect(normalizeHexInput(bad)).toBeNull();
    const before = stops([1, 0], [2, 100]);
    expect(setStopColor(before, 1, 'ff0000')[0]?.color).toBe('#ff0000');
    expect(setStopColor(before, 1, '#ff00')).toBe(before);
  });
  it('clamps sliders and falls back for export sizes', () => {
    expect(clampNumber('400', 0, 360)).toBe(360);
    expect(clampNumber(-3, 0, 100)).toBe(0);
    expect(clampNumber('nope', 0, 100, 50)).toBe(50);
    expect(parseExportSize('', 1920, 8192)).toBe(1920);
    expect(parseExportSize('abc', 1080, 8192)).toBe(1080);
    expect(parseExportSize('640', 1920, 8192)).toBe(640);
    expect(parseExportSize('99999', 1920, 8192)).toBe(8192);
    expect(parseExportSize('0', 1920, 8192)).toBe(1);
    expect(parseExportSize('1e3', 1920, 8192)).toBe(1000); // a number field's value (parseInt read 1)
    expect(parseExportSize('1e8', 1920, 8192)).toBe(8192);
    expect(parseExportSize('640.9', 1920, 8192)).toBe(640);
    expect(parseExportSize(' ', 1080, 8192)).toBe(1080);
  });
  it('has the spec defaults', () => {
    expect(defaultGradient()).toEqual({
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
    });
  });
});
