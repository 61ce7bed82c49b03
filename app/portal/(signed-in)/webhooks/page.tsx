import type { Metadata } from "next";
import { WebhooksView } from "@/components/portal/webhooks/webhooks-view";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <main id="main">
      <WebhooksView />
    </main>
  );
}
