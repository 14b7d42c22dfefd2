/**
 * Stand-ins for screens and modals of later issues: the proper title, the spec's empty text and
 * a note that the part is under construction. Features replace them with the real thing.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { EmptyState } from './EmptyState';
import { TopBar } from './TopBar';

export interface PlaceholderPageProps {
  title: string;
  subtitle?: string;
  emptyText: string;
  /** Show the search box (list screens). */
  searchable?: boolean;
  children?: ReactNode;
}

export function PlaceholderPage({
  title,
  subtitle,
  emptyText,
  searchable = true,
  children,
}: PlaceholderPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  return (
    <>
      <TopBar
        title={title}
        subtitle={subtitle}
        {...(searchable ? { search, onSearchChange: setSearch } : {})}
      />
      {children}
      <EmptyState title={emptyText}>{t('placeholder.underConstruction')}</EmptyState>
      {/* Nested routes (modals) render here. */}
      <Outlet />
    </>
  );
}
