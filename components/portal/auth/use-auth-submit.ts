"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { authErrorMessage, type AuthFailure } from "./auth-errors";

type AuthResult = { error: AuthFailure };

/**
 * Runs a better-auth call for a form: its refusal becomes the form's alert; on success the partner
 * goes to `next`, and the button stays pending until that page replaces this one.
 */
export function useAuthSubmit(next: string) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const [failureCode, setFailureCode] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  async function submit(call: () => Promise<AuthResult>) {
    setServerError(null);
    setFailureCode(null);
    let failure: AuthFailure;
    try {
      failure = (await call()).error;
    } catch {
      // A network failure: no answer to explain.
      failure = undefined;
    }
    if (failure !== null) {
      setServerError(authErrorMessage(failure));
      setFailureCode(failure?.code ?? null);
      return;
    }
    setLeaving(true);
    // A previous partner's data must not show for a moment under the new session.
    queryClient.clear();
    router.replace(next);
    router.refresh();
  }

  return { serverError, failureCode, leaving, submit };
}
