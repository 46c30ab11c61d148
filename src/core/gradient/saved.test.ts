import { describe, expect, it } from 'vitest';
import {
  addSaved,
  deleteSaved,
  gradientFromSaved,
  loadSaved,
  makeSaved,
  parseSaved,
  savedSubtitle,
  storeSaved,
  STORAGE_KEY,
} from './saved';
import { defaultGradient } from './model';
import { removeStop } from './stops';
import { gradientFunction } from './css';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('saved gradients', () => {
  it('stores the spec form: id, name, type, angle, shape, position, colors, blendMode, repeating, timestamp', () => {
    const now = new Date('2026-03-04T05:06:07Z');
    const s = makeSaved('  Mine  ', { ...defaultGradient(), blendMode: 'overlay' }, now);
    expect(s).toEqual({
      id: now.getTime(),
      name: 'Mine',
      type: 'linear',
      angle: 90,
      shape: 'ellipse',
      position: { x: 50, y: 50 },
      colors: defaultGradient().stops,
      blendMode: 'overlay',
      repeating: false,
      timestamp: '2026-03-04T05:06:07.000Z',
    });
  });
  it('keeps the newest first and at most 50', () => {
    let list = [] as ReturnType<typeof makeSaved>[];
    for (let i = 0; i < 55; i++)
      list = addSaved(list, makeSaved(`g${i}`, defaultGradient(), new Date(1_700_000_000_000 + i)));
    expect(list).toHaveLength(50);
    expect(list[0]?.name).toBe('g54');
    expect(list.at(-1)!.name).toBe('g5');
    expect(deleteSaved(list, list[0]!.id)[0]?.name).toBe('g53');
  });
  it('keeps ids unique when two saves share a millisecond', () => {
    const t = new Date(1_700_000_000_000);
    const list = addSaved(addSaved([], makeSaved('a', defaultGradient(), t)), makeSaved('b', defaultGradient(), t));
    expect(new Set(list.map((s) => s.id)).size).toBe(2);
  });
  it('loads with the defaults angle 90, ellipse, 50/50, normal, not repeating', () => {
    const g = gradientFromSaved({ type: 'radial', colors: defaultGradient().stops });
    expect(g).toMatchObject({
      type: 'radial',
      angle: 90,
      shape: 'ellipse',
      position: { x: 50, y: 50 },
      blendMode: 'normal',
      repeating: false,
    });
  });
  it('gives stops that share an id (a hand-edited entry) ids of their own: Remove takes one stop, never below 2', () => {
    const [saved] = parseSaved(
      JSON.stringify([
        {
          id: 1,
          name: 'edited',
          colors: [
            { id: 1, color: '#ff0000', position: 0 },
            { id: 1, color: '#00ff00', position: 50 },
            { id: 2, color: '#0000ff', position: 100 },
          ],
        },
      ]),
    );
    const stops = gradientFromSaved(saved!).stops;
    expect(new Set(stops.map((s) => s.id)).size).toBe(3);
    expect(stops.map((s) => s.color)).toEqual(['#ff0000', '#00ff00', '#0000ff']);
    expect(removeStop(stops, stops[0]!.id).map((s) => s.color)).toEqual(['#00ff00', '#0000ff']);
    // Unique ids are kept as they are.
    expect(gradientFromSaved({ colors: defaultGradient().stops }).stops).toEqual(defaultGradient().stops);
  });
  it('gives an angle no number holds (1e400, Infinity to JSON.parse) the default, not NaN', () => {
    const colors = '[{"id":1,"color":"#ff0000","position":0},{"id":2,"color":"#00ff00","position":100}]';
    for (const angle of ['1e400', '-1e400']) {
      const [saved] = parseSaved(`[{"id":1,"name":"x","angle":${angle},"colors":${colors}}]`);
      const g = gradientFromSaved(saved!);
      expect(g.angle).toBe(90);
      // It was linear-gradient(NaNdeg, ...), which no browser draws.
      expect(gradientFunction(g)).toBe('linear-gradient(90deg, #ff0000 0%, #00ff00 100%)');
    }
  });
  it('round-trips through storage and drops damaged entries', () => {
    const storage = memoryStorage();
    const list = [makeSaved('one', defaultGradient(), new Date(1_700_000_000_000))];
    expect(storeSaved(list, storage)).toBe(true);
    expect(JSON.parse(storage.map.get(STORAGE_KEY)!)).toEqual(list);
    expect(loadSaved(storage)).toEqual(list);
    expect(parseSaved('not json')).toEqual([]);
    expect(parseSaved('{"a":1}')).toEqual([]);
    expect(
      parseSaved(
        JSON.stringify([
          {
            id: 1,
            name: 'x',
            colors: [
              { id: 1, color: 'red', position: 0 },
              { id: 2, color: '#000000', position: 5 },
            ],
          },
          ...list,
        ]),
      ),
    ).toEqual(list);
    const broken = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(storeSaved(list, broken)).toBe(false);
  });
  it('shows "type • local date"', () => {
    const s = makeSaved('x', { ...defaultGradient(), type: 'conic' }, new Date(2026, 4, 17, 12));
    expect(savedSubtitle(s, 'en-US')).toBe('conic • 5/17/2026');
  });
  it('shows just the type when the date cannot be read, and keeps the gradient', () => {
    const colors = [
      { id: 1, color: '#ff0000', position: 0 },
      { id: 2, color: '#0000ff', position: 100 },
    ];
    const list = parseSaved(
      JSON.stringify([
        { id: 1, name: 'a', type: 'radial', colors, timestamp: 'garbage' },
        { id: 1e20, name: 'b', type: 'conic', colors },
      ]),
    );
    expect(list.map((s) => s.name)).toEqual(['a', 'b']);
    expect(list.map((s) => savedSubtitle(s, 'en-US'))).toEqual(['radial', 'conic']);
  });
});
