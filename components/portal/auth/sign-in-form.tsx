"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { authClient } from "@/lib/portal/client/auth-client";
import { signInSchema } from "@/lib/schemas/account";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { CredentialFields } from "./credential-fields";
import { ResendVerification } from "./resend-verification";
import { useAuthSubmit } from "./use-auth-submit";

/** Email and password sign-in; `next` is an already checked portal path, `email` the address to start with (an invitation's). */
export function SignInForm({ next, email = "" }: { next: string; email?: string }) {
  const { register, handleSubmit, formState, getValues } = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: { email, password: "" },
  });
  const { serverError, failureCode, leaving, submit } = useAuthSubmit(next);
  const { errors, isSubmitting } = formState;

  return (
    <form
      noValidate
      aria-label="Sign in"
      onSubmit={handleSubmit((values) => submit(() => authClient.signIn.email({ ...values, callbackURL: next })))}
      className="flex flex-col gap-4"
    >
      <Alert>{serverError}</Alert>
      {failureCode === "EMAIL_NOT_VERIFIED" && <ResendVerification email={getValues("email")} next={next} />}
      <CredentialFields
        form="sign-in"
        email={register("email")}
        password={register("password")}
        errors={{ email: errors.email?.message, password: errors.password?.message }}
      />
      <SubmitButton pending={isSubmitting || leaving} pendingLabel="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}
