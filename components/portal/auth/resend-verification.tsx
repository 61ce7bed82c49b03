"use client";

import { useState } from "react";
import { StatusMessage } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { authClient } from "@/lib/portal/client/auth-client";
import { authErrorMessage } from "./auth-errors";

/**
 * Sends the confirmation message again. better-auth answers the same whether or not the address
 * has an account, so this says only what was asked for.
 */
export function ResendVerification({ email, next }: { email: string; next: string }) {
  const [state, setState] = useState<"idle" | "sending" | "sent" | string>("idle");

  async function resend() {
    setState("sending");
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL: next }).catch(() => ({ error: undefined }));
    setState(error === null ? "sent" : authErrorMessage(error));
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button tone="outline" size="xs" state="dim-more" onClick={resend} disabled={state === "sending"}>
        {state === "sending" ? "Sending…" : "Resend the email"}
      </Button>
      <StatusMessage look="plain">
        {state === "sent" ? `Sent again to ${email}.` : state === "idle" || state === "sending" ? "" : state}
      </StatusMessage>
    </div>
  );
}
