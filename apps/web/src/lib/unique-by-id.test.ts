import { describe, expect, it } from 'vitest';
import { uniqueById } from './api';

describe('uniqueById', () => {
  it('keeps the first row of every id, in order', () => {
    const rows = [
      { id: 1, page: 1 },
      { id: 2, page: 1 },
      { id: 2, page: 2 },
      { id: 3, page: 2 },
      { id: 1, page: 2 },
    ];
    expect(uniqueById(rows)).toEqual([
      { id: 1, page: 1 },
      { id: 2, page: 1 },
      { id: 3, page: 2 },
    ]);
    expect(uniqueById([])).toEqual([]);
  });
});
