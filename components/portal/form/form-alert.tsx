/** A form-level error (from the server, not one field), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div role="alert">
      {message ? (
        <p className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {message}
        </p>
      ) : null}
    </div>
  );
}
