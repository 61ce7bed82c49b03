"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { authClient } from "@/lib/portal/auth-client";
import { signInSchema } from "@/lib/schemas/account";
import { FormAlert } from "@/components/portal/form/form-alert";
import { SubmitButton } from "@/components/portal/form/submit-button";
import { TextField } from "@/components/portal/form/text-field";
import { useAuthSubmit } from "./use-auth-submit";

/** Email and password sign-in; `next` is an already checked portal path. */
export function SignInForm({ next }: { next: string }) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  const { serverError, leaving, submit } = useAuthSubmit(next);
  const { errors, isSubmitting } = formState;

  return (
    <form
      noValidate
      aria-label="Sign in"
      onSubmit={handleSubmit((values) => submit(() => authClient.signIn.email(values)))}
      className="flex flex-col gap-4"
    >
      <FormAlert message={serverError} />
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
