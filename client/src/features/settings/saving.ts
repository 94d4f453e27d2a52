import { showToast } from '../../ui/toast.tsx';
import { errorLines } from '../auth/FormErrors.tsx';
import { isCancelled } from './validation.ts';

/** Runs one save of a control without a field of its own (a chip, a button): a toast says how it went. */
export async function saveWithToast(work: () => Promise<unknown>, success: string): Promise<boolean> {
  try {
    await work();
    showToast({ type: 'success', lines: [success] });
    return true;
  } catch (failure) {
    if (!isCancelled(failure)) showToast({ type: 'error', lines: errorLines(failure) });
    return false;
  }
}
