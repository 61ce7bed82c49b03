"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { authClient } from "@/lib/portal/client/auth-client";
import { signInSchema } from "@/lib/schemas/account";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
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
      <TextField id="sign-in-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
      <TextField
        id="sign-in-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <SubmitButton pending={isSubmitting || leaving} pendingLabel="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}
