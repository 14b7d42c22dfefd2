import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../lib/paths';
import { Button } from './Button';
import styles from './ErrorScreen.module.css';
import { AlertIcon } from './icons';

export interface ErrorScreenProps {
  /** Shown under the heading: technical detail, e.g. a status or message. */
  detail?: string | undefined;
  /** `page` fills the content area; `full` is used outside the layout (root error). */
  variant?: 'page' | 'full';
}

/** The default error screen: 'Unexpected Application Error!' (docs/spec-map.md §2.1). */
function ErrorScreen({ detail, variant = 'page' }: ErrorScreenProps) {
  const { t } = useTranslation();
  // Outside the layout (root error) this is the page's main landmark.
  const Container = variant === 'full' ? 'main' : 'div';
  return (
    <Container className={`${styles.screen} ${styles[variant]}`}>
      <AlertIcon size={40} className={styles.icon} />
      <h1 className={styles.title}>{t('errors.unexpected')}</h1>
      <p className={styles.help}>{t('errors.unexpectedHelp')}</p>
      {detail ? (
        <p className={styles.detail}>
          <code>{detail}</code>
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>
        <Link to={paths.initiatives()} reloadDocument className={styles.link}>
          {t('actions.backToStart')}
        </Link>
      </div>
    </Container>
  );
}

function describeError(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return undefined;
}

/** `errorElement` of every route branch. */
export function RouteErrorScreen({ variant = 'page' }: Pick<ErrorScreenProps, 'variant'>) {
  const error = useRouteError();
  return <ErrorScreen detail={describeError(error)} variant={variant} />;
}
