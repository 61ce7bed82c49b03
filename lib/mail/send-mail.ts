import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processSlot } from "@/lib/process-slot";

/** A plain-text message the service sends: sign-up confirmations, team invitations. */
export type Mail = { to: string; subject: string; text: string };

// One pooled connection per process, made on the first message.
const mailerSlot = processSlot<Transporter>("send-mail.mailer");

function transport(smtpUrl: string): Transporter {
  mailerSlot.value ??= nodemailer.createTransport(smtpUrl);
  return mailerSlot.value;
}

/**
 * Sends through SMTP_URL. Without it (development and tests only: production refuses to start
 * without it) the message's link is written to the server log instead, as `what` names it.
 */
export async function sendMail(mail: Mail, logged: { what: string; url: string }): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = env();
  if (!SMTP_URL) {
    log().info(`${logged.what} for ${mail.to} (SMTP_URL is not set): ${logged.url}`);
    return;
  }
  await transport(SMTP_URL).sendMail({ from: MAIL_FROM, ...mail });
}
