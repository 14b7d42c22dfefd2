/**
 * The attachments of the payment form (docs/spec-map.md §5): the current ones as thumbnails (a
 * pdf tile for PDFs), each with a toggle that marks it for removal, and new files (.pdf, .jpg,
 * .png; several at once; at most 10 MB each) with a preview and a button to leave one out before
 * anything is uploaded. Nothing changes on the server until the form is saved.
 */
import type { Attachment } from '@helder/shared/media';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../components/ui/FilePicker';
import { CloseIcon, DocumentIcon } from '../../components/ui/icons';
import fieldStyles from '../../components/ui/TextField.module.css';
import { isPdf } from '../media';
import styles from './attachments.module.css';

const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png';
const ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
const ATTACHMENT_EXTENSIONS = /\.(pdf|jpe?g|png)$/i;
/** docs/api-rules.md §11. */
const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

export interface NewFile {
  key: string;
  file: File;
  /** An object URL for an image's preview; null for a PDF (or where previews are unavailable). */
  preview: string | null;
}

const isPdfFile = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

const canPreview = () => typeof URL.createObjectURL === 'function';

/** The chosen files with their previews; object URLs are released when a file leaves or unmounts. */
export function useNewFiles() {
  const [files, setFiles] = useState<NewFile[]>([]);
  const current = useRef(files);
  const counter = useRef(0);
  useEffect(() => {
    current.current = files;
  }, [files]);
  useEffect(
    () => () => {
      for (const { preview } of current.current) if (preview) URL.revokeObjectURL(preview);
    },
    [],
  );
  const add = useCallback((chosen: readonly File[]) => {
    const added = chosen.map((file) => {
      counter.current += 1;
      const image = file.type.startsWith('image/');
      return {
        key: `${counter.current}-${file.name}`,
        file,
        preview: image && canPreview() ? URL.createObjectURL(file) : null,
      };
    });
    setFiles((old) => [...old, ...added]);
  }, []);
  const remove = useCallback((key: string) => {
    setFiles((old) => {
      const gone = old.find((entry) => entry.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return old.filter((entry) => entry.key !== key);
    });
  }, []);
  const clear = useCallback(() => {
    setFiles((old) => {
      for (const { preview } of old) if (preview) URL.revokeObjectURL(preview);
      return [];
    });
  }, []);
  return { files, add, remove, clear };
}

type NewFiles = ReturnType<typeof useNewFiles>;

const PdfTile = ({ label }: { label: string }) => (
  <span className={styles.pdfTile}>
    <DocumentIcon size={32} />
    <span aria-hidden="true">{label}</span>
  </span>
);

/** A current attachment: its thumbnail (or pdf tile) linking to the file. */
export function AttachmentThumbnail({ attachment, n }: { attachment: Attachment; n: number }) {
  const { t } = useTranslation('payment-forms');
  const small = attachment.attachment_thumbnail_url_128;
  const large = attachment.attachment_thumbnail_url_256;
  return (
    <a
      href={attachment.attachment_url}
      target="_blank"
      rel="noreferrer"
      className={styles.thumbnailLink}
      // A pdf tile shows 'PDF': its name holds that text too, as speech users say what they see.
      aria-label={
        isPdf(attachment) ? t('attachments.openPdf', { n }) : t('attachments.open', { n })
      }
    >
      {isPdf(attachment) ? (
        <PdfTile label={t('attachments.pdf')} />
      ) : (
        <img
          src={small ?? large ?? attachment.attachment_url}
          srcSet={small && large ? `${small} 1x, ${large} 2x` : undefined}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          className={styles.thumbnail}
        />
      )}
    </a>
  );
}

export interface AttachmentsFieldProps {
  /** The payment's attachments (editing). */
  current?: readonly Attachment[];
  marked?: ReadonlySet<number>;
  onToggleMark?: (attachmentId: number) => void;
  newFiles: NewFiles;
}

export function AttachmentsField({
  current = [],
  marked = new Set(),
  onToggleMark,
  newFiles,
}: AttachmentsFieldProps) {
  const { t } = useTranslation('payment-forms');
  const id = useId();
  const [problems, setProblems] = useState<string[]>([]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    const refused: string[] = [];
    const accepted = chosen.filter((file) => {
      const typeOk = ATTACHMENT_TYPES.includes(file.type) || ATTACHMENT_EXTENSIONS.test(file.name);
      if (!typeOk) refused.push(t('attachments.wrongType', { name: file.name }));
      else if (file.size > ATTACHMENT_MAX_BYTES) {
        refused.push(t('attachments.tooLarge', { name: file.name }));
      }
      return typeOk && file.size <= ATTACHMENT_MAX_BYTES;
    });
    setProblems(refused);
    newFiles.add(accepted);
    // The same file may be chosen again after leaving it out.
    event.target.value = '';
  };

  return (
    <fieldset className={styles.attachments} aria-describedby={`${id}-hint`}>
      <legend className={fieldStyles.label}>{t('attachments.label')}</legend>
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {t('attachments.hint')}
      </p>
      {current.length > 0 ? (
        <ul className={styles.attachmentGrid} aria-label={t('attachments.current')}>
          {current.map((attachment, index) => {
            const isMarked = marked.has(attachment.id);
            return (
              <li key={attachment.id} className={styles.attachment} data-marked={isMarked}>
                <AttachmentThumbnail attachment={attachment} n={index + 1} />
                {onToggleMark ? (
                  <button
                    type="button"
                    className={styles.markButton}
                    aria-pressed={isMarked}
                    onClick={() => onToggleMark(attachment.id)}
                  >
                    <CloseIcon size={16} />
                    {t('attachments.markForRemoval', { n: index + 1 })}
                  </button>
                ) : null}
                {isMarked ? (
                  <span className={styles.markedLabel}>{t('attachments.marked')}</span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {newFiles.files.length > 0 ? (
        <ul className={styles.attachmentGrid} aria-label={t('attachments.new')}>
          {newFiles.files.map(({ key, file, preview }) => (
            <li key={key} className={styles.attachment}>
              {preview ? (
                <img src={preview} alt="" width={96} height={96} className={styles.thumbnail} />
              ) : isPdfFile(file) ? (
                <PdfTile label={t('attachments.pdf')} />
              ) : null}
              <span className={styles.fileName}>{file.name}</span>
              <button
                type="button"
                className={styles.markButton}
                onClick={() => newFiles.remove(key)}
              >
                <CloseIcon size={16} />
                {t('attachments.remove', { name: file.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={fieldStyles.hint}>{t('attachments.none')}</p>
      )}
      {/* The chosen files are listed above, so the picker names none itself. */}
      <FilePicker
        id={id}
        multiple
        accept={ATTACHMENT_ACCEPT}
        chooseLabel={t('attachments.choose')}
        chosen={null}
        aria-describedby={problems.length > 0 ? `${id}-hint ${id}-problems` : `${id}-hint`}
        onChange={onChange}
      />
      {problems.length > 0 ? (
        <ul id={`${id}-problems`} role="alert" className={styles.problems}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
