import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findOrCreateAccount } from "@/lib/auth/accounts";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { testMailbox } from "../support/mailbox";
import { getSession, portal, requestSignUp, signIn, signOut, signUp } from "../support/portal";

describe("portal accounts", () => {
  it("signs up, keeps only a scrypt hash of the password, and sets an httpOnly SameSite session cookie", async () => {
    const password = "a long enough password";
    const partner = await signUp(undefined, password);
    const rows = await queryRows<{ password: string }>(
      await getDb(),
      sql`SELECT password FROM credentials WHERE user_id = ${partner.userId} AND provider_id = 'credential'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.password).not.toContain(password);
    // better-auth's scrypt format: hex salt, a colon, hex key.
    expect(rows[0]!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);

    const response = await signIn(partner.email, password);
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("refuses a wrong password, and a duplicate sign-up answers as a new one and sends nothing", async () => {
    const partner = await signUp();
    const wrong = await signIn(partner.email, "not the password");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie().some((line) => line.startsWith("better-auth.session_token=") && !/Max-Age=0/.test(line))).toBe(
      false,
    );
    const sent = testMailbox().messages(partner.email).length;
    const taken = await requestSignUp(partner.email, "another password entirely");
    const fresh = await requestSignUp(`partner-${randomBytes(4).toString("hex")}@example.com`, "another password entirely");
    expect(taken.status).toBe(fresh.status);
    const [takenBody, freshBody] = [await taken.json(), await fresh.json()];
    expect(Object.keys(takenBody.user).sort()).toEqual(Object.keys(freshBody.user).sort());
    expect(takenBody.token).toBeNull();
    expect(takenBody.user.id).not.toBe(partner.userId);
    expect(taken.headers.getSetCookie()).toEqual(fresh.headers.getSetCookie());
    expect((await signIn(partner.email, "another password entirely")).status).toBe(401);
    expect(testMailbox().messages(partner.email)).toHaveLength(sent);
  });

  it("refuses a sign-in form posted from another site, and a sign-out with the cookie from another origin", async () => {
    const partner = await signUp();
    const crossSiteForm = {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
    };
    expect((await signIn(partner.email, partner.password, crossSiteForm)).status).toBe(403);
    const signOutAttempt = await signOut(partner.cookie, "https://evil.example");
    expect(signOutAttempt.status).toBe(403);
    expect((await (await getSession(partner.cookie)).json())?.user?.email).toBe(partner.email);
  });

  it("ends the session on sign-out", async () => {
    const partner = await signUp();
    expect((await (await getSession(partner.cookie)).json())?.user?.email).toBe(partner.email);
    expect((await signOut(partner.cookie)).status).toBe(200);
    expect(await (await getSession(partner.cookie)).json()).toBeNull();
    const list = await portal.list({ cookie: partner.cookie });
    expect(list.status).toBe(401);
    expect(await list.json()).toMatchObject({ error: "Sign in to continue" });
  });

  it("is the same account the key CLI uses for that email", async () => {
    const partner = await signUp();
    expect((await findOrCreateAccount(partner.email.toUpperCase())).id).toBe(partner.userId);
  });
});
