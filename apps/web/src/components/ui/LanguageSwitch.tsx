import { LANGUAGES } from '@helder/shared/languages';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage } from '../../lib/i18n';
import { GlobeIcon } from './icons';
import styles from './LanguageSwitch.module.css';

/** nl / en / fy; the choice is stored in localStorage and set on <html lang>. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'nl';
  return (
    <div className={styles.switch}>
      <label htmlFor={id} className={styles.label}>
        <GlobeIcon size={18} />
        {t('language.label')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={current}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
