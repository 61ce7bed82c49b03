"use client";

import { useEffect } from "react";
import { setAccount, type Account } from "@/lib/portal/client/account-store";

/** Tells the site header who is signed in, from the session the portal layout already checked. */
export function AccountSeed({ account }: { account: Account }) {
  const { name, email } = account;
  useEffect(() => setAccount({ name, email }), [name, email]);
  return null;
}
