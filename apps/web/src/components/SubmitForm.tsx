import type { ReactNode } from 'react';

/**
 * The one way a form submits: Enter or the submit button runs `onSubmit` instead of a page load. The browser's
 * own validation is off, as the shared zod schema checks the fields.
 */
export function SubmitForm({
  onSubmit,
  testId,
  children,
}: {
  onSubmit(): unknown;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
