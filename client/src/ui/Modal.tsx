import { useId, useRef, type ReactNode } from 'react';
import { DialogFrame } from './DialogFrame.tsx';
import { CloseIcon } from './icons.tsx';

export type ModalProps = {
  open: boolean;
  /** Called when the person closes the modal (Escape, backdrop, close button) and beforeClose allowed it. */
  onClose: () => void;
  title?: ReactNode;
  /** The accessible name when there is no visible title. */
  ariaLabel?: string;
  /** No Escape, no backdrop close, no close button: the modal closes only when its owner says so. */
  disableClose?: boolean;
  /** Runs before a close the person asked for; false (or a promise of false) keeps the modal open. */
  beforeClose?: () => boolean | Promise<boolean>;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  children: ReactNode;
  footer?: ReactNode;
};

export function Modal({ open, onClose, title, ariaLabel, disableClose = false, beforeClose, size = 'md', className, children, footer }: ModalProps) {
  const titleId = useId();
  const deciding = useRef(false);

  const requestClose = async () => {
    // A slow beforeClose (an unsaved-changes prompt) must not be asked twice by a double Escape.
    if (disableClose || deciding.current) return;
    deciding.current = true;
    try {
      if (beforeClose && !(await beforeClose())) return;
      onClose();
    } finally {
      deciding.current = false;
    }
  };

  const dismiss = disableClose ? undefined : () => void requestClose();
  return (
    <DialogFrame
      open={open}
      role="dialog"
      layer="modal"
      onEscape={dismiss}
      onBackdrop={dismiss}
      labelledBy={title ? titleId : undefined}
      ariaLabel={ariaLabel}
      className={[`dialog--${size}`, className].filter(Boolean).join(' ')}
    >
      {(title || !disableClose) && (
        <div className="dialog__header">
          {title && (
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
          )}
          {!disableClose && (
            <button type="button" className="dialog__close" aria-label="Close" data-dialog-close onClick={() => void requestClose()}>
              <CloseIcon />
            </button>
          )}
        </div>
      )}
      <div className="dialog__body">{children}</div>
      {footer && <div className="dialog__footer">{footer}</div>}
    </DialogFrame>
  );
}
