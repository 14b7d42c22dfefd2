/**
 * A menu button on Radix DropdownMenu: Enter, Space or ArrowDown open it, arrows move, Enter
 * chooses, Esc closes and returns focus to the trigger. Items are actions (e.g. navigate to a
 * modal route); a menu without items should not be rendered at all.
 */
import { DropdownMenu } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
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
  const trigger = useRef<HTMLButtonElement>(null);
  // An item that opens a modal: the modal keeps what has the focus when it opens to give it back
  // on close. That must be the trigger, not the item, which goes away with the menu.
  const choose = (item: ActionMenuItem) => {
    trigger.current?.focus();
    item.onSelect();
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          ref={trigger}
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
              onSelect={() => choose(item)}
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
