"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "@/components/ui/field";
import { LIMITS } from "@/lib/schemas/limits";

type Props = {
  /** The form's id prefix: `sign-in`, `sign-up`. */
  form: string;
  email: UseFormRegisterReturn<"email">;
  password: UseFormRegisterReturn<"password">;
  errors: { email?: string; password?: string };
  /** A password being chosen (sign-up): the browser may suggest one, and the rule is said. */
  newPassword?: boolean;
};

/** The email and password fields the sign-in and sign-up forms share. */
export function CredentialFields({ form, email, password, errors, newPassword = false }: Props) {
  return (
    <>
      <TextField id={`${form}-email`} label="Email" type="email" autoComplete="email" error={errors.email} {...email} />
      <TextField
        id={`${form}-password`}
        label="Password"
        type="password"
        autoComplete={newPassword ? "new-password" : "current-password"}
        hint={newPassword ? `At least ${LIMITS.passwordMin} characters.` : undefined}
        error={errors.password}
        {...password}
      />
    </>
  );
}
