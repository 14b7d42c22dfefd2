/**
 * A menu button on Radix DropdownMenu: Enter, Space or ArrowDown open it, arrows move, Enter
 * chooses, Esc closes and returns focus to the trigger. Items are actions (e.g. navigate to a
 * modal route); a menu without items should not be rendered at all.
 */
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import styles from './ActionMenu.module.css';
import { ChevronDownIcon, MoreIcon } from './icons';

export interface ActionMenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  tone?: 'default' | 'danger';
  onSelect: () => void;
}

export interface ActionMenuProps {
  /** Accessible name of the trigger; with `triggerText` it must contain that text. */
  label: string;
  /** Visible trigger text; without it the trigger is a '⋮' icon button. */
  triggerText?: string;
  items: ActionMenuItem[];
  align?: 'start' | 'end';
}

export function ActionMenu({ label, triggerText, items, align = 'end' }: ActionMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className={triggerText ? styles.textTrigger : styles.iconTrigger}
          aria-label={triggerText && label === triggerText ? undefined : label}
          title={triggerText ? undefined : label}
        >
          {triggerText ? (
            <>
              <span>{triggerText}</span>
              <ChevronDownIcon size={18} />
            </>
          ) : (
            <MoreIcon />
          )}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align={align} sideOffset={4}>
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.key}
              className={`${styles.item} ${item.tone === 'danger' ? styles.danger : ''}`}
              onSelect={item.onSelect}
            >
              {item.icon}
              <span>{item.label}</span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
