import { ResendVerification } from "./resend-verification";

/**
 * Shown on every signed-in page to a partner whose address is not confirmed (a session from before
 * sign-in required it): the portal refuses their writes until they open the emailed link.
 */
export function ConfirmEmailNotice({ email }: { email: string }) {
  return (
    <section
      aria-label="Confirm your email address"
      className="mb-6 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="text-sm">
        <strong>Check your email to confirm your address.</strong> Until you open the link sent to {email}, you cannot create API keys or
        change collections.
      </p>
      <ResendVerification email={email} next="/portal/collections" />
    </section>
  );
}
