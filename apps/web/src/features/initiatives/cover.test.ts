import { describe, expect, it } from 'vitest';
import { contrastWithWhite, coverOf, hslToRgb, monogram } from './cover';

const rgbOf = (color: string) =>
  [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) as [number, number, number];

/** Names like the demo's and some awkward ones: every hue comes by. */
const NAMES = [
  'Buurttuin Oost',
  'Buurttuin West',
  'Speeltuin De Zonnebloem opknappen',
  'Muziek op het plein',
  'Buurtbarbecue',
  'Ça va, café!',
  '123 bankjes',
  '   ',
  ...Array.from({ length: 300 }, (_, i) => `Initiatief ${i}`),
];

describe('designed covers', () => {
  it('read the white monogram at 4.5:1 or more on every colour and its pattern', () => {
    for (const name of NAMES) {
      const cover = coverOf(name);
      expect(contrastWithWhite(rgbOf(cover.background)), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastWithWhite(rgbOf(cover.dark)), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('are the same for a name every time, and differ between names', () => {
    expect(coverOf('Buurttuin Oost')).toEqual(coverOf('Buurttuin Oost'));
    const colours = new Set(NAMES.map((name) => coverOf(name).background));
    expect(colours.size).toBeGreaterThan(NAMES.length * 0.8);
    expect(coverOf('Buurttuin Oost').background).not.toBe(coverOf('Buurttuin West').background);
  });

  it('take the monogram from the first telling words', () => {
    expect(monogram('Buurttuin Oost')).toBe('BO');
    expect(monogram('De Speeltuin van het dorp')).toBe('SD');
    expect(monogram('Ça va, café!')).toBe('CV');
    expect(monogram('123 bankjes')).toBe('1B');
    expect(monogram('het')).toBe('H');
    expect(monogram('   ')).toBe('?');
  });

  it('compute colours and contrast as WCAG does', () => {
    expect(hslToRgb(0, 1, 0.5)).toEqual([255, 0, 0]);
    expect(hslToRgb(120, 1, 0.25)).toEqual([0, 128, 0]);
    expect(contrastWithWhite([0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastWithWhite([255, 255, 255])).toBeCloseTo(1, 5);
    // The WCAG example: #767676 on white is just over 4.5:1.
    expect(contrastWithWhite([118, 118, 118])).toBeCloseTo(4.54, 2);
  });
});
