import type { BaseSyntheticEvent } from 'react';

/**
 * A form's onSubmit from react-hook-form's handleSubmit(…). React does not wait for the promise
 * handleSubmit returns, and handleSubmit passes on whatever the submit handler throws: the
 * handlers show the failures they expect (a toast, the dialog kept open), and anything else is
 * logged here instead of becoming an unhandled rejection.
 */
export function formSubmit(
  submit: (event?: BaseSyntheticEvent) => Promise<void>,
): (event: BaseSyntheticEvent) => void {
  return (event) => {
    submit(event).catch((error: unknown) =>
      console.error('The form could not be submitted', error),
    );
  };
}
