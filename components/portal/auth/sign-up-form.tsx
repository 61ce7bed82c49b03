"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { authClient } from "@/lib/portal/client/auth-client";
import { withFriendlyMessages } from "@/lib/forms/friendly-resolver";
import { signUpSchema } from "@/lib/schemas/account";
import { SIGN_UP_MESSAGES } from "@/lib/schemas/account-messages";
import { LIMITS } from "@/lib/schemas/limits";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { authErrorMessage } from "./auth-errors";
import { ResendVerification } from "./resend-verification";

/**
 * Creates a partner account; `next` is an already checked portal path. Nobody is signed in here:
 * the emailed link confirms the address and signs the partner in, landing on `next`. The answer is
 * the same whether or not the email already has an account.
 */
export function SignUpForm({ next }: { next: string }) {
  const { register, handleSubmit, formState } = useForm({
    resolver: withFriendlyMessages(zodResolver(signUpSchema), SIGN_UP_MESSAGES),
    defaultValues: { name: "", email: "", password: "" },
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
          We sent a link to <strong>{sentTo}</strong>. Open it to confirm your address and sign in. If the address already has an account,
          sign in instead.
        </p>
        <ResendVerification email={sentTo} next={next} />
      </section>
    );
  }

  return (
    <form noValidate aria-label="Create account" onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <Alert>{serverError}</Alert>
      <TextField id="sign-up-name" label="Name or team" autoComplete="organization" error={errors.name?.message} {...register("name")} />
      <TextField id="sign-up-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
      <TextField
        id="sign-up-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters.`}
        error={errors.password?.message}
        {...register("password")}
      />
      <SubmitButton pending={isSubmitting} pendingLabel="Creating account…">
        Create account
      </SubmitButton>
    </form>
  );
}
