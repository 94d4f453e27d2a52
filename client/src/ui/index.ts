export { AlertDialog, AlertDialogHost, confirmDialog, DEFAULT_APPLY_LABEL, DEFAULT_CANCEL_LABEL, type AlertDialogButton, type AlertDialogProps, type ConfirmOptions } from './AlertDialog.tsx';
export { Badge, badgeText, type BadgeProps } from './Badge.tsx';
export { Button, type ButtonProps, type ButtonVariant } from './Button.tsx';
export { CountdownTimer, formatCountdown, useCountdown, type CountdownTimerProps } from './CountdownTimer.tsx';
export { MODAL_ANIMATION_MS } from './DialogFrame.tsx';
export { EmptyState, type EmptyStateProps } from './EmptyState.tsx';
export { IMAGE_ERROR_DELAY_MS, SafeImage, type SafeImageProps } from './Image.tsx';
export {
  Checkbox,
  DEFAULT_PLACEHOLDER,
  Input,
  PasswordInput,
  REQUIRED_MESSAGE,
  Select,
  type CheckboxProps,
  type InputProps,
  type PasswordInputProps,
  type SelectProps,
} from './Input.tsx';
export { Modal, type ModalProps } from './Modal.tsx';
export { PageHeader, type PageHeaderProps } from './PageHeader.tsx';
export { Segmented, type SegmentedProps } from './Segmented.tsx';
export { LOADING_SCREEN_REMOVE_MS, LoadingScreen, Spinner } from './Spinner.tsx';
export { clearToasts, dismissToast, showToast, TOAST_DURATION, TOAST_TRANSITION_MS, Toaster, type ToastInput, type ToastType } from './toast.tsx';
export { TOOLTIP_CLICK_GUARD_MS, TOOLTIP_HOVER_DELAY_MS, Tooltip, type TooltipProps } from './Tooltip.tsx';
export { COPIED_FLAG_MS, useClipboard } from './useClipboard.ts';
