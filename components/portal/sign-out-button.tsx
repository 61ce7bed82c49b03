"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { setAccount } from "@/lib/portal/client/account-store";
import { confirmLosingUnsavedChanges } from "@/lib/portal/client/use-unsaved-changes-warning";

export function SignOutButton({ className }: { className?: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        const signOut = await confirmLosingUnsavedChanges({
          title: "Sign out without saving?",
          text: "You have unsaved changes. Sign out and lose them?",
          leave: "Sign out",
          stay: "Stay signed in",
        });
        if (!signOut) return;
        setPending(true);
        // Loaded on use: the header is on every public page, which need no auth library.
        const { authClient } = await import("@/lib/portal/client/auth-client");
        await authClient.signOut();
        setAccount(null);
        // Nothing of this partner's data may stay in the tab's cache after sign-out.
        queryClient.clear();
        router.replace("/portal/sign-in");
        router.refresh();
      }}
      className={className}
    >
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
