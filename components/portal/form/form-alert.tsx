/**
 * A form-level error (from the server, not one field). Rendered only when there is one: an
 * element with role="alert" is announced as soon as it is added to the page.
 */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      {message}
    </p>
  );
}
