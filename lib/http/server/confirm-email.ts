/** The 403 for a write by an account (session or API key) whose email address is not confirmed. */
export const CONFIRM_EMAIL_FIRST =
  "Confirm your email address first: open the link in the message sent when you signed up, or send it again from the portal.";
