/**
 * …/filter-payment: 'Transacties filteren' (docs/spec-map.md §2.7): start and end date, minimum
 * and maximum amount, route (alle / inkomen / uitgaven). Applying writes the filled values into
 * the tab's URL and the list starts again at page 1; 'Wis filter' removes the filter.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { RouteModal } from '../../components/ui/Modal';
import { AmountField } from '../../components/ui/TextField';
import fieldStyles from '../../components/ui/TextField.module.css';
import { paths } from '../../lib/paths';
import { paymentsQueries } from './api';
import { DateField } from './DateField';
import {
  filterFormSchema,
  filterToForm,
  type FilterFormValues,
  type FilterMessageKey,
} from './filter-form';
import { searchText, type PaymentsListFilter } from './filters';
import styles from './form.module.css';
import { usePaymentsFilter, usePaymentsScope } from './routing';
import type { PaymentsScope } from './schemas';

interface FilterFormProps {
  title: string;
  defaultValues: FilterFormValues;
  onApply: (filter: PaymentsListFilter) => void;
  onClear: () => void;
  onCancel: () => void;
}

function FilterForm({ title, defaultValues, onApply, onClear, onCancel }: FilterFormProps) {
  const { t } = useTranslation('payments');
  const routeId = useId();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FilterFormValues, unknown, PaymentsListFilter>({
    resolver: zodResolver(filterFormSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const errorText = (field: keyof FilterFormValues) => {
    const key = errors[field]?.message;
    return key ? t(key as FilterMessageKey) : undefined;
  };

  return (
    <Form aria-label={title} onSubmit={handleSubmit(onApply)}>
      <div className={styles.formRow}>
        {(['start_date', 'end_date'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <DateField
                label={name === 'start_date' ? t('filter.startDate') : t('filter.endDate')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                error={errorText(name)}
              />
            )}
          />
        ))}
      </div>
      <div className={styles.formRow}>
        <AmountField
          label={t('filter.minAmount')}
          hint={t('filter.amountHint')}
          error={errorText('min_amount')}
          {...register('min_amount')}
        />
        <AmountField
          label={t('filter.maxAmount')}
          hint={t('filter.amountHint')}
          error={errorText('max_amount')}
          {...register('max_amount')}
        />
      </div>
      <div className={fieldStyles.field}>
        <label htmlFor={routeId} className={fieldStyles.label}>
          {t('filter.route')}
        </label>
        <select id={routeId} className={fieldStyles.select} {...register('route')}>
          <option value="">{t('filter.all')}</option>
          <option value="inkomen">{t('routes.inkomen')}</option>
          <option value="uitgaven">{t('routes.uitgaven')}</option>
        </select>
      </div>
      <FormActions>
        <Button variant="ghost" onClick={onClear}>
          {t('filter.clear')}
        </Button>
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={onCancel}>
            {t('filter.cancel')}
          </Button>
          <Button type="submit">{t('filter.apply')}</Button>
        </div>
      </FormActions>
    </Form>
  );
}

export function FilterPaymentsModal() {
  const { t } = useTranslation('payments');
  const scope: PaymentsScope = usePaymentsScope();
  const filter = usePaymentsFilter();
  const queryClient = useQueryClient();
  const tab = paths.paymentsTab(scope.initiativeId, scope.activityId);
  const title = t('filter.title');

  /** A filter applied starts at page 1, also one that was used before. */
  const show = (next: PaymentsListFilter, close: (to: string) => void) => {
    queryClient.removeQueries({
      queryKey: paymentsQueries.list(scope, next).queryKey,
      exact: true,
    });
    close(`${tab}${searchText(next)}`);
  };

  return (
    <RouteModal title={title} closeTo={`${tab}${searchText(filter)}`}>
      {(close) => (
        <FilterForm
          title={title}
          defaultValues={filterToForm(filter)}
          // 'Zonder bon' is a toggle of the tab, not a field here: applying keeps it.
          onApply={(next) =>
            show(filter.receipt ? { ...next, receipt: filter.receipt } : next, close)
          }
          onClear={() => show({}, close)}
          onCancel={() => close()}
        />
      )}
    </RouteModal>
  );
}
