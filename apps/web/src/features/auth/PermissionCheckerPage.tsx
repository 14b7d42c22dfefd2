import { zodResolver } from '@hookform/resolvers/zod';
import { ENTITY_CLASSES } from '@helder/shared/permissions';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { FormPage } from '../../components/ui/Page';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import fieldStyles from '../../components/ui/TextField.module.css';
import { useEntityActions, useEntityEditFields, type EntityAccessQuery } from './api';
import styles from './auth.module.css';
import { useSession } from './session';

const checkerSchema = z.object({
  entity_class: z.enum(ENTITY_CLASSES),
  entity_id: z
    .string()
    .trim()
    .regex(/^([1-9]\d{0,9})?$/, { message: 'permissions.entityIdInvalid' }),
});
type CheckerForm = z.infer<typeof checkerSchema>;

function ResultList({
  title,
  items,
  loading,
  error,
}: {
  title: string;
  items: string[] | undefined;
  loading: boolean;
  error: Error | null;
}) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  return (
    <section className={styles.result} aria-label={title}>
      <h2 className={styles.resultTitle}>{title}</h2>
      {loading ? <Spinner /> : null}
      {error ? <Alert>{tc('errors.loadFailed', { message: error.message })}</Alert> : null}
      {items ? (
        items.length > 0 ? (
          <ul className="chip-list">
            {items.map((item) => (
              <li key={item} className={styles.chip}>
                {item}
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t('permissions.none')}</p>
        )
      ) : null}
    </section>
  );
}

/**
 * /permission-checker: a debug page. Shows the current user's actions and editable fields on an
 * entity (GET /api/auth/entity-access/actions and /edit-fields); without an id, class-level.
 */
export function PermissionCheckerPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const selectId = useId();
  const [query, setQuery] = useState<EntityAccessQuery | null>(null);
  const actions = useEntityActions(query);
  const fields = useEntityEditFields(query);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CheckerForm>({
    resolver: zodResolver(checkerSchema),
    defaultValues: { entity_class: 'Initiative', entity_id: '' },
  });

  const onSubmit = handleSubmit(({ entity_class, entity_id }) => {
    setQuery({ entity_class, entity_id: entity_id ? Number(entity_id) : undefined });
  });

  const idError = errors.entity_id?.message;

  return (
    <FormPage title={t('permissions.title')} intro={t('permissions.intro')}>
      <p className={styles.muted}>
        {session
          ? t('permissions.currentUser', { username: session.username, id: session.userId })
          : t('permissions.anonymous')}
      </p>
      <Form onSubmit={onSubmit} aria-label={t('permissions.title')}>
        <div className={styles.row}>
          <div className={fieldStyles.field}>
            <label htmlFor={selectId} className={fieldStyles.label}>
              {t('permissions.entityClass')}
            </label>
            <select id={selectId} className={fieldStyles.select} {...register('entity_class')}>
              {ENTITY_CLASSES.map((entityClass) => (
                // The API's class name stays the value; the reader sees it in their language.
                <option key={entityClass} value={entityClass}>
                  {t(`permissions.entityClasses.${entityClass}`)}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label={t('permissions.entityId')}
            hint={t('permissions.entityIdHint')}
            inputMode="numeric"
            autoComplete="off"
            error={idError ? t('permissions.entityIdInvalid') : undefined}
            {...register('entity_id')}
          />
        </div>
        <FormActions align="end">
          <Button type="submit">{t('permissions.submit')}</Button>
        </FormActions>
      </Form>
      {query ? (
        <div className={styles.result} aria-live="polite">
          <ResultList
            title={t('permissions.actions')}
            items={actions.data?.actions}
            loading={actions.isFetching}
            error={actions.error}
          />
          <ResultList
            title={t('permissions.editFields')}
            items={fields.data?.fields}
            loading={fields.isFetching}
            error={fields.error}
          />
        </div>
      ) : null}
    </FormPage>
  );
}
