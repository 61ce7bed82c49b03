import type { Metadata } from "next";
import { RoleGate } from "@/components/portal/team/role-gate";
import { DeliveryLog } from "@/components/portal/webhooks/delivery-log";
import { requireUser } from "@/lib/portal/server/require-user";

export const metadata: Metadata = { title: "Webhook delivery log" };

export default async function DeliveryLogPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/portal/webhooks/${encodeURIComponent(id)}`);
  return (
    <main id="main">
      <RoleGate role={user.team?.role} needs="admin" what="resending deliveries and enabling an endpoint again">
        <DeliveryLog endpointId={id} />
      </RoleGate>
    </main>
  );
}
