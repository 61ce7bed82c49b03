import type { Metadata } from "next";
import { DeliveryLog } from "@/components/portal/webhooks/delivery-log";

export const metadata: Metadata = { title: "Webhook delivery log" };

export default async function DeliveryLogPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <main id="main">
      <DeliveryLog endpointId={id} />
    </main>
  );
}
