import { describe, expect, it } from 'vitest';
import { findUnsafeText } from './text-guard';

describe('findUnsafeText', () => {
  it('passes ordinary text, emoji (paired surrogates) and non-text values', () => {
    const value = {
      name: 'Buurtfeest 🎉 in de Pijp',
      tags: ['één', 'twee', '𝄞'],
      nested: { deeper: [{ ok: 'ja' }] },
      count: 3,
      flag: false,
      none: null,
      missing: undefined,
      bytes: Buffer.from([0, 0xd8, 0x00]),
    };
    expect(findUnsafeText(value)).toBeNull();
    expect(findUnsafeText('plain')).toBeNull();
    expect(findUnsafeText(undefined)).toBeNull();
  });

  it('finds U+0000 anywhere and names its field path', () => {
    expect(findUnsafeText('a\u0000b')).toBe('');
    expect(findUnsafeText({ name: 'a\u0000' })).toBe('name');
    expect(findUnsafeText({ ok: 'x', items: ['fine', { label: '\u0000' }] })).toBe('items.1.label');
  });

  it('finds lone high and low surrogates, at the start, middle or end', () => {
    for (const text of ['\ud800', 'a\ud800b', 'end\udbff', '\udc00', 'a\udfffb', '\udc00\ud800']) {
      expect(findUnsafeText({ text })).toBe('text');
    }
  });

  it('finds unsafe keys, reported with a replacement character', () => {
    expect(findUnsafeText({ 'a\u0000b': 1 })).toBe('a\ufffdb');
    expect(findUnsafeText({ outer: { '\ud800': 'x' } })).toBe('outer.\ufffd');
  });

  it('checks objects of any prototype, as parsed queries and forms are', () => {
    const query = Object.create(Object.create(null) as object) as Record<string, unknown>;
    query.email = '\u0000';
    expect(findUnsafeText(query)).toBe('email');
  });

  it('reports the first offender in document order', () => {
    expect(findUnsafeText({ a: ['ok', '\u0000'], b: '\u0000' })).toBe('a.1');
  });

  it('walks nesting far deeper than the call stack would allow', () => {
    let value: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(findUnsafeText(value)).toBe(Array(100_000).fill('0').join('.'));
  });
});
