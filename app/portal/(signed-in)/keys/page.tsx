import { requireUser } from "@/lib/portal/server/require-user";
import { RoleGate } from "@/components/portal/team/role-gate";
import type { Metadata } from "next";
import { ApiKeysView } from "@/components/portal/keys/api-keys-view";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const user = await requireUser("/portal/keys");
  return (
    <main id="main">
      <RoleGate role={user.team?.role} needs="admin" what="creating and revoking API keys">
        <ApiKeysView />
      </RoleGate>
    </main>
  );
}
