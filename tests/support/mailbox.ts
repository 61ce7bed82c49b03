import { firstLink, startMailCapture, type MailCapture } from "@/scripts/mail-capture";

const holder = globalThis as unknown as { __udsTestMailbox?: MailCapture };

/**
 * Every test file's own SMTP server, started by the set-up file before the application reads its
 * environment: the application really sends its mail to it.
 */
export async function startTestMailbox(): Promise<MailCapture> {
  holder.__udsTestMailbox ??= await startMailCapture();
  process.env.SMTP_URL = holder.__udsTestMailbox.url;
  return holder.__udsTestMailbox;
}

export function testMailbox(): MailCapture {
  if (!holder.__udsTestMailbox) throw new Error("the test mailbox starts in tests/support/fresh-store.ts");
  return holder.__udsTestMailbox;
}

/**
 * The link in the newest message to `recipient` after `seen` messages: better-auth may send after
 * it has answered, so this waits (up to 10 s) for the message to arrive.
 */
export async function nextMailLink(recipient: string, seen = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const messages = testMailbox().messages(recipient);
    const link = messages.length > seen ? firstLink(messages.at(-1) ?? "") : null;
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no new message to ${recipient} after ${seen}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
