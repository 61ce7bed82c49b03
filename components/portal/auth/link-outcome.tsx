import { Alert, StatusMessage } from "@/components/ui/alert";

/**
 * Where an emailed confirmation link lands (lib/auth/auth-request.ts): the link confirms the
 * address but signs nobody in, so the partner signs in here. A link that is expired or not valid
 * says so; signing in with an unconfirmed address sends a new one.
 */
export function LinkOutcome({ confirmed, failed }: { confirmed: boolean; failed: boolean }) {
  if (failed) {
    return (
      <Alert className="mb-4">
        This confirmation link has expired or is not valid. Sign in with your email and password and we will send a new one.
      </Alert>
    );
  }
  if (!confirmed) return null;
  return <StatusMessage className="mb-4">Your email address is confirmed. Sign in with the password you chose to continue.</StatusMessage>;
}
