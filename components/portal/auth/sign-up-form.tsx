"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { authClient } from "@/lib/portal/auth-client";
import { signUpSchema } from "@/lib/schemas/account";
import { LIMITS } from "@/lib/schemas/limits";
import { FormAlert } from "@/components/portal/form/form-alert";
import { SubmitButton } from "@/components/portal/form/submit-button";
import { TextField } from "@/components/portal/form/text-field";
import { useAuthSubmit } from "./use-auth-submit";

/** Creates a partner account and signs it in; `next` is an already checked portal path. */
export function SignUpForm({ next }: { next: string }) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: "", email: "", password: "" },
  });
  const { serverError, leaving, submit } = useAuthSubmit(next);
  const { errors, isSubmitting } = formState;

  return (
    <form
      noValidate
      aria-label="Create account"
      onSubmit={handleSubmit((values) => submit(() => authClient.signUp.email(values)))}
      className="flex flex-col gap-4"
    >
      <FormAlert message={serverError} />
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
      <SubmitButton pending={isSubmitting || leaving} pendingLabel="Creating account…">
        Create account
      </SubmitButton>
    </form>
  );
}
