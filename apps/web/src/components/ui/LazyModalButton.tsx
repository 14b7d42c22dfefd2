/**
 * A button that opens a modal whose code loads on the first click: most visits never open it, so
 * its chunk stays out of the page's first load ('Overzicht downloaden', 'Verantwoording
 * downloaden').
 */
import {
  Suspense,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Button } from './Button';

/** What the button hands the modal besides the modal's own props. */
interface LazyModalControl {
  open: boolean;
  onClose: () => void;
}

export interface LazyModalButtonProps<P extends object> {
  /** Made with React.lazy where the button is used, so that the modal is a chunk of its own. */
  modal: LazyExoticComponent<ComponentType<P & LazyModalControl>>;
  modalProps: P;
  /** The button's text. */
  children: ReactNode;
}

export function LazyModalButton<P extends object>({
  modal: Modal,
  modalProps,
  children,
}: LazyModalButtonProps<P>) {
  const [open, setOpen] = useState(false);
  // Once loaded it stays mounted, so that closing fades out and focus returns as in every modal.
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <Modal {...modalProps} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
