"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { authClient } from "@/lib/portal/client/auth-client";
import { withFriendlyMessages } from "@/lib/forms/friendly-resolver";
import { signUpSchema } from "@/lib/schemas/account";
import { SIGN_UP_MESSAGES } from "@/lib/schemas/account-messages";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { authErrorMessage } from "./auth-errors";
import { CredentialFields } from "./credential-fields";
import { ResendVerification } from "./resend-verification";

/**
 * Creates a partner account; `next` is an already checked portal path. Nobody is signed in here,
 * nor by the emailed link: it confirms the address and lands on sign-in, which then goes on to
 * `next`. The answer is the same whether or not the email already has an account.
 * `linkInServerLog`: no mail server is set (development), so the link is printed by the server
 * instead of sent. `email`: the address to start with (an invitation's).
 */
export function SignUpForm({ next, linkInServerLog = false, email = "" }: { next: string; linkInServerLog?: boolean; email?: string }) {
  const { register, handleSubmit, formState } = useForm({
    resolver: withFriendlyMessages(zodResolver(signUpSchema), SIGN_UP_MESSAGES),
    defaultValues: { name: "", email, password: "" },
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, isSubmitting } = formState;

  async function submit(values: { name: string; email: string; password: string }) {
    setServerError(null);
    const { error } = await authClient.signUp.email({ ...values, callbackURL: next }).catch(() => ({ error: undefined }));
    if (error === null) setSentTo(values.email);
    else setServerError(authErrorMessage(error));
  }

  if (sentTo) {
    return (
      <section aria-labelledby="check-email" className="flex flex-col gap-3">
        <h2 id="check-email" className="text-lg font-semibold">
          Check your email
        </h2>
        <p className="text-sm">
          We sent a link to <strong>{sentTo}</strong>. Open it to confirm your address, then sign in. If the address already has an account,
          sign in instead.
        </p>
        {linkInServerLog ? <ServerLogNote email={sentTo} /> : null}
        <ResendVerification email={sentTo} next={next} />
      </section>
    );
  }

  return (
    <form noValidate aria-label="Create account" onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <Alert>{serverError}</Alert>
      <TextField id="sign-up-name" label="Name or team" autoComplete="organization" error={errors.name?.message} {...register("name")} />
      <CredentialFields
        form="sign-up"
        email={register("email")}
        password={register("password")}
        errors={{ email: errors.email?.message, password: errors.password?.message }}
        newPassword
      />
      <SubmitButton pending={isSubmitting} pendingLabel="Creating account…">
        Create account
      </SubmitButton>
    </form>
  );
}

/** Development without SMTP_URL: nothing is emailed, and a person would wait for it in vain. */
function ServerLogNote({ email }: { email: string }) {
  return (
    <p
      aria-label="Development: the link is in the server's console"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <strong>Development:</strong> no email is sent, because <code>SMTP_URL</code> is not set. The link is in the server&apos;s console
      (the terminal running <code>npm run dev</code>), on the line &ldquo;Email verification link for {email}&rdquo;.
    </p>
  );
}
