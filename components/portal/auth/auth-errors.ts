/** What better-auth's client returns for a refused request. */
export type AuthFailure = { status?: number; code?: string; message?: string } | null | undefined;

/** better-auth's refusals in the portal's words; its codes are stable, its messages are not ours. */
export function authErrorMessage(error: AuthFailure): string {
  if (error?.status === 429) return "Too many attempts from this address. Wait a minute, then try again.";
  switch (error?.code) {
    case "EMAIL_NOT_VERIFIED":
      return "Confirm your email address first: we have sent the link again. Open it to sign in.";
    case "INVALID_EMAIL_OR_PASSWORD":
      return "The email or password is wrong.";
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return "An account with this email already exists. Sign in instead.";
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
    case "INVALID_EMAIL":
      return error.message ?? "Check the details and try again.";
  }
  if (error?.status === 401) return "The email or password is wrong.";
  return "The service could not be reached. Try again in a moment.";
}
