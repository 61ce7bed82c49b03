"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { failureText, sendWrite } from "@/lib/portal/client/once-only-write";

/**
 * Accepts, once: the button stays busy from the first click until the answer (a second click joins
 * the request on its way, and the server answers a repeat by the same account alike), then the
 * portal opens in the team joined.
 */
export function AcceptInvitation({ token, teamName }: { token: string; teamName: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accept = async () => {
    setPending(true);
    setError(null);
    try {
      await sendWrite("accept-invitation", "/api/portal/invitations/accept", { method: "POST", json: { token } });
      queryClient.removeQueries({ queryKey: ["portal"] });
      router.push("/portal/collections");
      router.refresh();
    } catch (failure) {
      setError(`You did not join: ${failureText(failure as Error)}.`);
      setPending(false);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <Alert>{error}</Alert>
      <div>
        <Button tone="indigo" size="md" state="wait-disabled" busy={pending} spinner onClick={() => void accept()}>
          {pending ? "Joining…" : `Join ${teamName}`}
        </Button>
      </div>
    </div>
  );
}
