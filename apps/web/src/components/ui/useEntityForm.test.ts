import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { placeSaveError, type SaveErrors } from './useEntityForm';

type Field = 'name' | 'reference' | 'budget';

const errors: SaveErrors<Field, string> = {
  conflict: {
    REFERENCE_TAKEN: { field: 'reference', message: 'referenceTaken' },
    any: { field: 'name', message: 'nameTaken' },
  },
  invalid: (field, code) => (field === 'budget' ? `budget.${code}` : undefined),
  failed: { field: 'root', message: 'failed' },
};
const fields = ['name', 'reference', 'budget'];

describe('placeSaveError', () => {
  it('places a 409 by its code, else by `any`', () => {
    const taken = new ApiError(409, 'REFERENCE_TAKEN', 'taken');
    expect(placeSaveError(taken, errors, fields)).toEqual([
      { field: 'reference', message: 'referenceTaken' },
    ]);
    const other = new ApiError(409, 'NAME_TAKEN', 'taken');
    expect(placeSaveError(other, errors, fields)).toEqual([
      { field: 'name', message: 'nameTaken' },
    ]);
  });

  it('leaves a 409 it has no message for to `failed`', () => {
    const taken = new ApiError(409, 'NAME_TAKEN', 'taken');
    expect(placeSaveError(taken, { failed: errors.failed }, fields)).toEqual([errors.failed]);
  });

  it("places a 422 on the form's own fields that have a message", () => {
    const invalid = new ApiError(422, 'VALIDATION_ERROR', 'invalid', [
      { field: 'budget', code: 'too_big', message: 'Too big' },
      { field: 'name', code: 'too_small', message: 'Too small' },
      { field: 'owner_id', code: 'invalid_type', message: 'Expected number' },
    ]);
    expect(placeSaveError(invalid, errors, fields)).toEqual([
      { field: 'budget', message: 'budget.too_big' },
    ]);
  });

  it('leaves an unplaced 422 and everything else to `failed`', () => {
    const invalid = new ApiError(422, 'VALIDATION_ERROR', 'invalid', [
      { field: 'owner_id', code: 'invalid_type', message: 'Expected number' },
    ]);
    expect(placeSaveError(invalid, errors, fields)).toEqual([errors.failed]);
    expect(placeSaveError(new ApiError(500, 'INTERNAL_ERROR', 'Boom'), errors, fields)).toEqual([
      errors.failed,
    ]);
    expect(placeSaveError(new Error('offline'), errors, fields)).toEqual([errors.failed]);
  });
});
