import { useId, useRef, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { DialogFrame } from './DialogFrame.tsx';
import { createExternalStore } from './externalStore.ts';

export type AlertDialogButton = { label: string; onClick: () => void };

export type AlertDialogProps = {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  /** Spec section 8: 'Apply' by default. */
  applyLabel?: string;
  /** Spec section 8: 'Cancel' by default. */
  cancelLabel?: string;
  showCancel?: boolean;
  /** The spec's "advance" buttons, shown at the start of the button row. */
  extraButtons?: AlertDialogButton[];
  /** The apply button does something that cannot be undone (a delete). */
  danger?: boolean;
  onApply: () => void;
  /** Cancel, Escape, or the dialog otherwise dismissed. */
  onCancel?: () => void;
};

export const DEFAULT_APPLY_LABEL = 'Apply';
export const DEFAULT_CANCEL_LABEL = 'Cancel';

export function AlertDialog({
  open,
  title,
  message,
  applyLabel = DEFAULT_APPLY_LABEL,
  cancelLabel = DEFAULT_CANCEL_LABEL,
  showCancel = true,
  extraButtons = [],
  danger = false,
  onApply,
  onCancel,
}: AlertDialogProps) {
  const titleId = useId();
  const messageId = useId();
  // Escape answers "no" only when there is a no to give.
  const cancel = showCancel ? onCancel : undefined;
  return (
    <DialogFrame
      open={open}
      role="alertdialog"
      layer="alert-dialog"
      onEscape={cancel}
      labelledBy={titleId}
      describedBy={message ? messageId : undefined}
      className="dialog--sm alert-dialog"
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
      </div>
      <div className="dialog__body">
        {message && (
          <div id={messageId} className="alert-dialog__message">
            {message}
          </div>
        )}
      </div>
      <div className="dialog__footer">
        {extraButtons.length > 0 && (
          <div className="alert-dialog__extra">
            {extraButtons.map((button) => (
              <Button key={button.label} variant="ghost" onClick={button.onClick}>
                {button.label}
              </Button>
            ))}
          </div>
        )}
        {showCancel && (
          // The safe answer takes the focus, so Enter never confirms by accident.
          <Button variant="secondary" onClick={onCancel} data-autofocus>
            {cancelLabel}
          </Button>
        )}
        <Button variant={danger ? 'danger' : 'primary'} onClick={onApply} data-autofocus={showCancel ? undefined : true}>
          {applyLabel}
        </Button>
      </div>
    </DialogFrame>
  );
}

export type ConfirmOptions = Omit<AlertDialogProps, 'open' | 'onApply' | 'onCancel'>;

type Pending = { id: number; options: ConfirmOptions; resolve: (applied: boolean) => void };

const queue = createExternalStore<readonly Pending[]>([]);
let nextId = 1;

/**
 * Asks a question from anywhere and answers true on apply, false on cancel, Escape or an
 * extra button (whose onClick runs first). Questions asked together are shown one by one.
 */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    queue.set([...queue.get(), { id: nextId++, options, resolve }]);
  });
}

function answer(pending: Pending, applied: boolean): void {
  queue.set(queue.get().filter((candidate) => candidate !== pending));
  pending.resolve(applied);
}

/** Rendered once by the app shell: shows the questions of confirmDialog. */
export function AlertDialogHost() {
  const [current] = queue.use();
  // Keeps the last question on screen while the dialog animates out.
  const shown = useRef<Pending | undefined>(current);
  if (current) shown.current = current;
  const pending = shown.current;
  if (!pending) return null;
  return (
    <AlertDialog
      key={pending.id}
      open={current === pending}
      {...pending.options}
      extraButtons={pending.options.extraButtons?.map((button) => ({
        label: button.label,
        onClick: () => {
          button.onClick();
          answer(pending, false);
        },
      }))}
      onApply={() => answer(pending, true)}
      onCancel={() => answer(pending, false)}
    />
  );
}
