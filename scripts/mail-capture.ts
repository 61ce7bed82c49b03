import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** The decoded text of a plain single-part message (nodemailer sends ours quoted-printable). */
export function messageText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, "base64").toString("utf8");
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return body;
  const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The first link in a message's text. */
export const firstLink = (text: string) => text.match(/https?:\/\/\S+/)?.[0] ?? null;

export type MailCapture = {
  /** The SMTP_URL the application sends through. */
  url: string;
  /** Every message's text sent to `recipient` so far, oldest first. */
  messages: (recipient: string) => string[];
  close: () => Promise<void>;
};

/**
 * A local SMTP server for tests: it accepts every message on 127.0.0.1 and keeps its text per
 * recipient, in memory and, with `dir`, as `<dir>/<recipient>.json` (an array of texts) for
 * other processes (the e2e fixtures).
 */
export async function startMailCapture({ port = 0, dir }: { port?: number; dir?: string } = {}): Promise<MailCapture> {
  const inbox = new Map<string, string[]>();
  if (dir) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const text = messageText(Buffer.concat(chunks).toString("latin1"));
        for (const { address } of session.envelope.rcptTo) {
          const recipient = address.toLowerCase();
          const list = [...(inbox.get(recipient) ?? []), text];
          inbox.set(recipient, list);
          if (dir) fs.writeFileSync(path.join(dir, `${recipient}.json`), JSON.stringify(list));
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages: (recipient) => inbox.get(recipient.toLowerCase()) ?? [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
