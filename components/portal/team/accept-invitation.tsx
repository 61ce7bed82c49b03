"use client";

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
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accept = async () => {
    setPending(true);
    setError(null);
    try {
      await sendWrite("accept-invitation", "/api/portal/invitations/accept", { method: "POST", json: { token } });
      // A full load, not a client navigation: the shared layout (the team bar) is kept by a client
      // navigation and must render again for the team now worked in, and no cached answer of the
      // previous team may show.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/portal/collections");
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
