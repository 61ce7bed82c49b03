import "server-only";
import { sendMail } from "@/lib/mail/send-mail";

export type VerificationMail = { to: string; url: string };

/**
 * The text of the message: plain, so any mail client shows the link whole. Nothing the person who
 * signed up typed appears in it (not even the name): anyone can sign up with someone else's
 * address, and their words would arrive in the service's voice.
 */
export function verificationText({ url }: VerificationMail): string {
  return [
    "Hello,",
    "",
    "Someone asked for a partner account on the Utility Data Service with this email address.",
    "Confirm the address by opening this link, then sign in with the password chosen at sign-up:",
    "",
    url,
    "",
    "If you did not create an account, ignore this message: nothing happens until the link is opened.",
  ].join("\n");
}

/**
 * Sends the sign-up confirmation through SMTP_URL. Without it (development and tests only:
 * production refuses to start without it) the link goes to the server log instead.
 */
export async function sendVerificationMail(mail: VerificationMail): Promise<void> {
  await sendMail(
    { to: mail.to, subject: "Confirm your email address", text: verificationText(mail) },
    { what: "Email verification link", url: mail.url },
  );
}
