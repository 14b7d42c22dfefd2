import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useResolvedPath } from 'react-router';

/**
 * The document title of the page on screen, e.g. 'Buurtfeest · Initiatieven · Helder': what
 * browser tabs, history and screen readers announce. Nested routes each name their page (the
 * activities list and, inside it, the chosen activity); the deepest one shown wins, whatever
 * order their effects run in.
 */
const shown = new Map<symbol, { title: string; depth: number }>();

function apply(fallback: string) {
  let best: { title: string; depth: number } | undefined;
  for (const entry of shown.values()) if (!best || entry.depth >= best.depth) best = entry;
  document.title = best?.title ?? fallback;
}

/** Sets the title from the most specific part first; parts still loading are left out. */
export function usePageTitle(...parts: Array<string | null | undefined>) {
  const { t } = useTranslation('common');
  const appName = t('appName');
  // A route's own path: longer for deeper routes, so it orders nested pages.
  const depth = useResolvedPath('.').pathname.length;
  const title = [...parts.filter((part): part is string => !!part), appName].join(' · ');
  useEffect(() => {
    const key = Symbol(title);
    shown.set(key, { title, depth });
    apply(appName);
    return () => {
      shown.delete(key);
      apply(appName);
    };
  }, [title, depth, appName]);
}
