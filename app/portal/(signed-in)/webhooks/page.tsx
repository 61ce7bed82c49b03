import { requireUser } from "@/lib/portal/server/require-user";
import { RoleGate } from "@/components/portal/team/role-gate";
import type { Metadata } from "next";
import { WebhooksView } from "@/components/portal/webhooks/webhooks-view";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const user = await requireUser("/portal/webhooks");
  return (
    <main id="main">
      <RoleGate role={user.team?.role} needs="admin" what="registering, testing and removing webhooks">
        <WebhooksView allowPrivate={env().WEBHOOKS_ALLOW_PRIVATE} />
      </RoleGate>
    </main>
  );
}
