/**
 * Why a statement upload failed, in the reader's language: the 422 `{field: 'file', code, line?}`
 * of each STATEMENT_ERRORS code (with 'op regel N' when the server names a line), 413 as too
 * large, anything else as the generic upload failure.
 */
import type { StatementErrorCode } from '@helder/shared/bank-accounts';
import { STATEMENT_ERRORS } from '@helder/shared/bank-accounts/client';
import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';

const codes: ReadonlySet<string> = new Set(STATEMENT_ERRORS);
const isStatementError = (code: string): code is StatementErrorCode => codes.has(code);

export interface UploadProblem {
  message: string;
  /** The statement code, when the server gave one. */
  code: StatementErrorCode | null;
}

export function describeUploadError(error: unknown, t: TFunction<'bank-accounts'>): UploadProblem {
  if (isApiError(error)) {
    if (error.status === 413 || error.code === 'PAYLOAD_TOO_LARGE') {
      return { message: t('add.errors.statement_too_large'), code: 'statement_too_large' };
    }
    const field = error.errors.find((item) => isStatementError(item.code)) ?? null;
    if (field && isStatementError(field.code)) {
      const message = t(`add.errors.${field.code}`);
      return {
        message:
          field.line === undefined ? message : t('add.atLine', { message, line: field.line }),
        code: field.code,
      };
    }
  }
  return { message: t('add.failed', { message: errorText(error) }), code: null };
}
