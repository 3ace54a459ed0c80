import { useEffect } from 'react';
import { notify } from './toast';

/** Shows the screen's error toast (SPEC §8) once each time a load fails. */
export function useErrorToast(error: unknown, message: string): void {
  useEffect(() => {
    if (!error) return;
    console.error(message, error);
    notify.error(message);
  }, [error, message]);
}
