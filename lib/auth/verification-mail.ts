import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { processSlot } from "@/lib/process-slot";
import { log } from "@/lib/log";

export type VerificationMail = { to: string; url: string };

// One pooled connection per process, made on the first message.
const mailerSlot = processSlot<Transporter>("verification-mail.mailer");

function transport(smtpUrl: string): Transporter {
  mailerSlot.value ??= nodemailer.createTransport(smtpUrl);
  return mailerSlot.value;
}

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
  const { SMTP_URL, MAIL_FROM } = env();
  if (!SMTP_URL) {
    log().info(`Email verification link for ${mail.to} (SMTP_URL is not set): ${mail.url}`);
    return;
  }
  await transport(SMTP_URL).sendMail({
    from: MAIL_FROM,
    to: mail.to,
    subject: "Confirm your email address",
    text: verificationText(mail),
  });
}
