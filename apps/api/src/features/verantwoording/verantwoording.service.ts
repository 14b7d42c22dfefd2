import { Readable } from 'node:stream';
import type { Language } from '@helder/shared/languages';
import type { VerantwoordingFormat } from '@helder/shared/verantwoording';
import type { Ctx } from '../../http/context';
import { deferredStream } from '../../lib/deferred-stream';
import { findActivity, type ActivityPath } from '../activities';
import { findInitiative } from '../initiatives';
import {
  amsterdamDay,
  CONTENT_TYPES,
  csvChunks,
  readsPrivate,
  xlsxStream,
  type ExportFile,
  type Scope,
} from '../payments';
import { LEDGER_SHEET, ledgerColumns, ledgerPages, type Period } from './verantwoording.ledger';
import { zipStream } from './verantwoording.zip';

type Query = Period & { format: VerantwoordingFormat; lang: Language };

const CONTENT_TYPE: Record<'pdf' | 'zip', string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
};

function packageFile(ctx: Ctx, scope: Scope, { format, lang, ...period }: Query): ExportFile {
  const cols = ledgerColumns(readsPrivate(ctx));
  const id = scope.activityId ?? scope.initiativeId;
  const name = `verantwoording-${id}-${amsterdamDay(ctx.clock())}`;
  const body =
    format === 'pdf'
      ? deferredStream(() =>
          import('./verantwoording.pdf').then((m) => m.pdfStream(ctx, scope, period, lang)),
        )
      : format === 'zip'
        ? zipStream(ctx, scope, period, name, cols, lang)
        : format === 'csv'
          ? Readable.from(csvChunks(cols, ledgerPages(ctx, scope, period)))
          : xlsxStream(cols, ledgerPages(ctx, scope, period), LEDGER_SHEET);
  return {
    contentType:
      format === 'pdf' || format === 'zip' ? CONTENT_TYPE[format] : CONTENT_TYPES[format],
    filename: `${name}.${format}`,
    body,
  };
}

/** An initiative's package (404 when it is hidden from the caller, before the first byte). */
export async function initiativePackage(ctx: Ctx, initiativeId: number, query: Query) {
  await findInitiative(ctx, initiativeId);
  return packageFile(ctx, { initiativeId }, query);
}

/** An activity's package (404 when it or its initiative is hidden from the caller). */
export async function activityPackage(ctx: Ctx, path: ActivityPath, query: Query) {
  const activity = await findActivity(ctx, path);
  return packageFile(ctx, { initiativeId: activity.initiativeId, activityId: activity.id }, query);
}
