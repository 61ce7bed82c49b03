import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { accountForOperatorKey, findOrCreateAccount } from "@/lib/auth/accounts";
import { createApiKey } from "@/lib/auth/api-keys";
import { CONFIRM_EMAIL_FIRST } from "@/lib/http/server/confirm-email";
import { create } from "../support/api";
import { nextMailLink, testMailbox } from "../support/mailbox";
import { callRoute } from "../support/routes";
import { getSession, openMailLink, portal, requestSignUp, signIn, signUp } from "../support/portal";

const ORIGIN = "http://localhost";
const newEmail = () => `partner-${randomBytes(4).toString("hex")}@example.com`;
const PASSWORD = "correct horse battery";
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

/** A session for an account that has not confirmed its address: made before sign-in required it. */
async function unverifiedSession(): Promise<{ cookie: string; userId: string; email: string }> {
  const email = newEmail();
  await requestSignUp(email, PASSWORD);
  const { getAuth } = await import("@/lib/auth/portal-auth");
  const auth = await getAuth();
  const context = await auth.$context;
  const found = await context.internalAdapter.findUserByEmail(email);
  const session = await context.internalAdapter.createSession(found!.user.id);
  // The cookie better-auth would set: the token signed with the instance's secret.
  const { serializeSignedCookie } = await import("better-call");
  const cookie = (await serializeSignedCookie("better-auth.session_token", session.token, context.secret)).split(";")[0]!;
  return { cookie, userId: found!.user.id, email };
}

describe("email verification", () => {
  it("sends a message through SMTP at sign-up whose link confirms the address and lands on sign-in, signing nobody in", async () => {
    const email = newEmail();
    const answer = await requestSignUp(email, PASSWORD);
    expect(answer.status).toBe(200);
    expect(cookieOf(answer)).toBe("");

    const link = await nextMailLink(email);
    expect(testMailbox().messages(email)[0]).toMatch(/Confirm the address by opening this link/);
    expect(new URL(link).pathname).toBe("/api/auth/verify-email");

    // Until the link is opened, sign-in is refused with better-auth's code for it.
    const early = await signIn(email, PASSWORD);
    expect(early.status).toBe(403);
    expect((await early.json()).code).toBe("EMAIL_NOT_VERIFIED");

    const opened = await openMailLink(link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/portal/sign-in?confirmed=1&next=%2Fportal%2Fcollections");
    expect(cookieOf(opened)).toBe("");
    const signedIn = await signIn(email, PASSWORD);
    expect(signedIn.status).toBe(200);
    const session = await (await getSession(cookieOf(signedIn))).json();
    expect(session.user.email).toBe(email);
    expect(session.user.emailVerified).toBe(true);
    expect((await portal.mintKey({ cookie: cookieOf(signedIn) }, { label: "ci" })).status).toBe(200);
  });

  it("does not sign the browser that opens the link into the account that signed up (login CSRF)", async () => {
    // Someone signs up with their own address and sends the link to a partner who is signed in.
    const sender = newEmail();
    await requestSignUp(sender, PASSWORD);
    const link = await nextMailLink(sender);
    const victim = await signUp();
    const opened = await callRoute(new Request(link, { headers: { cookie: victim.cookie } }));
    expect(opened.status).toBe(302);
    expect(new URL(opened.headers.get("location")!, ORIGIN).pathname).toBe("/portal/sign-in");
    expect(cookieOf(opened)).toBe("");
    const still = await (await getSession(victim.cookie)).json();
    expect(still.user.email).toBe(victim.email);
  });

  it("lands an expired or forged link on sign-in with the error, and keeps next inside the portal", async () => {
    const forged = await openMailLink(
      `${ORIGIN}/api/auth/verify-email?token=forged&callbackURL=${encodeURIComponent("https://evil.example/")}`,
    );
    expect(forged.status).toBe(302);
    const landing = new URL(forged.headers.get("location")!, ORIGIN);
    expect(landing.pathname).toBe("/portal/sign-in");
    expect(landing.searchParams.get("next")).toBe("/portal/collections");
    expect(landing.searchParams.get("error")).toBeTruthy();
    expect(cookieOf(forged)).toBe("");
  });

  it("puts nothing the person who signed up typed into the message", async () => {
    const email = newEmail();
    const name = "Your account is suspended. Call +1 555 0100 now";
    const answer = await callRoute(
      new Request(`${ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify({ name, email, password: PASSWORD }),
      }),
    );
    expect(answer.status).toBe(200);
    await nextMailLink(email);
    const [message] = testMailbox().messages(email);
    expect(message).not.toContain("suspended");
    expect(message).toMatch(/Confirm the address/);
  });

  it("sends the message again on request, and the new link confirms", async () => {
    const email = newEmail();
    await requestSignUp(email, PASSWORD);
    await nextMailLink(email);
    const resend = await (
      await import("@/app/api/auth/[...all]/route")
    ).POST(
      new Request(`${ORIGIN}/api/auth/send-verification-email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify({ email, callbackURL: "/portal/collections" }),
      }),
    );
    expect(resend.status).toBe(200);
    const second = await nextMailLink(email, 1);
    expect(testMailbox().messages(email)).toHaveLength(2);
    const opened = await openMailLink(second);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/portal/sign-in?confirmed=1&next=%2Fportal%2Fcollections");
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it("refuses key minting and every portal write of an unverified account with a 403", async () => {
    const partner = await unverifiedSession();
    expect((await portal.keys({ cookie: partner.cookie })).status).toBe(200);
    const mint = await portal.mintKey({ cookie: partner.cookie }, { label: "ci" });
    expect(mint.status).toBe(403);
    expect(await mint.json()).toMatchObject({ error: CONFIRM_EMAIL_FIRST });
    const save = await portal.save({ cookie: partner.cookie }, { nftData: { Title: "Not yet", ContractChain: "Base" } });
    expect(save.status).toBe(403);
    expect(await save.json()).toMatchObject({ error: CONFIRM_EMAIL_FIRST });
    const list = await (await portal.list({ cookie: partner.cookie })).json();
    expect(JSON.stringify(list)).not.toContain("Not yet");
  });

  it("refuses writes through a key that keys:create --force made for an unverified account", async () => {
    const email = newEmail();
    await requestSignUp(email, PASSWORD);
    await expect(accountForOperatorKey(email)).rejects.toThrow(/has not confirmed/);
    const account = await accountForOperatorKey(email, { force: true });
    expect(account.emailVerified).toBe(false);
    const { key } = await createApiKey(account.id, "forced");
    const refused = await create(key, { nftData: { Title: "Forced key", ContractChain: "Base" } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: CONFIRM_EMAIL_FIRST });

    const operatorMade = await findOrCreateAccount(newEmail(), { verified: true });
    const { key: good } = await createApiKey(operatorMade.id, "operator");
    expect((await create(good, { nftData: { Title: "Operator key", ContractChain: "Base" } })).status).toBe(200);
  });
});
