import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { booleanish, buildPath, idSchema, optionalQuery, pagingQuery } from './index';

describe('lenient input', () => {
  it('takes numeric strings as numbers and "true"/"false" as booleans', () => {
    expect(idSchema.parse('3')).toBe(3);
    expect(booleanish().parse('false')).toBe(false);
    expect(() => idSchema.parse('3x')).toThrow();
    expect(() => idSchema.parse('0')).toThrow();
  });

  it('treats an empty query parameter as absent', () => {
    expect(pagingQuery.parse({ offset: '', limit: '' })).toEqual({ offset: 0, limit: 20 });
    expect(optionalQuery(z.string()).parse('')).toBeUndefined();
    expect(() => pagingQuery.parse({ limit: '101' })).toThrow();
  });

  it('builds paths from contract templates', () => {
    expect(buildPath('/user/:id/profile-picture', { id: 7 })).toBe('/user/7/profile-picture');
    expect(() => buildPath('/user/:id')).toThrow(/id/);
  });
});
