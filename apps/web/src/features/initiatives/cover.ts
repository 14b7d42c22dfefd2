/**
 * The designed cover of an initiative or activity without a picture: a colour and a monogram
 * derived from its name, so that cards and headers tell them apart. Deterministic (the same name
 * always looks the same) and readable: the monogram's white has at least 4.5:1 contrast on the
 * colour (WCAG 2.1 AA for normal text).
 */

/** FNV-1a over the name's code points: a stable 32-bit number. */
function hash(text: string) {
  let h = 0x811c9dc5;
  for (const c of text) {
    h ^= c.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** sRGB channels 0…255 of an HSL colour (h in degrees, s and l 0…1). */
export function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255)) as [number, number, number];
}

/** WCAG 2.1 relative luminance of an sRGB colour. */
function luminance([r, g, b]: [number, number, number]) {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of white on the colour. */
export const contrastWithWhite = (rgb: [number, number, number]) => 1.05 / (luminance(rgb) + 0.05);

const hex = (rgb: [number, number, number]) =>
  `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** Words that say little about a name: a monogram skips them while others are left. */
const SMALL_WORDS = new Set([
  'de',
  'het',
  'een',
  'en',
  'van',
  'voor',
  'op',
  'in',
  'aan',
  'the',
  'of',
]);

/** One or two letters (or digits) from the name's first telling words, upper case. */
export function monogram(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const telling = words.filter((word) => !SMALL_WORDS.has(word.toLowerCase()));
  const chosen = telling.length > 0 ? telling : words;
  const letters = chosen
    .slice(0, 2)
    .map((word) => word[0]!)
    .join('');
  return (letters || '?').toUpperCase();
}

export interface Cover {
  monogram: string;
  /** The background, and a darker shade of it for the pattern (darker keeps the contrast). */
  background: string;
  dark: string;
  /** Where the pattern's circles sit, 0…1 of the width and height, from the name too. */
  circles: Array<{ x: number; y: number; r: number }>;
}

export function coverOf(name: string): Cover {
  const h = hash(name);
  const hue = h % 360;
  const saturation = 0.45 + ((h >>> 9) % 30) / 100;
  // From a fairly dark start, darker still until white reads on it at 4.5:1.
  let lightness = 0.42;
  while (contrastWithWhite(hslToRgb(hue, saturation, lightness)) < 4.5) lightness -= 0.01;
  const circles = [0, 1, 2].map((i) => {
    const bits = h >>> (i * 8);
    return {
      x: (bits % 100) / 100,
      y: ((bits >>> 3) % 100) / 100,
      r: 0.2 + ((bits >>> 5) % 30) / 100,
    };
  });
  return {
    monogram: monogram(name),
    background: hex(hslToRgb(hue, saturation, lightness)),
    dark: hex(hslToRgb(hue, saturation, Math.max(lightness - 0.1, 0.05))),
    circles,
  };
}
