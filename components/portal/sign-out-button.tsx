"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { authClient } from "@/lib/portal/auth-client";

export function SignOutButton() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        await authClient.signOut();
        // Nothing of this partner's data may stay in the tab's cache after sign-out.
        queryClient.clear();
        router.replace("/portal/sign-in");
        router.refresh();
      }}
      className="rounded-md border border-slate-300 px-3 py-2 font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
    >
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
