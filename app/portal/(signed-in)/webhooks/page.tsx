import type { Metadata } from "next";
import { WebhooksView } from "@/components/portal/webhooks/webhooks-view";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <main id="main">
      <WebhooksView allowPrivate={env().WEBHOOKS_ALLOW_PRIVATE} />
    </main>
  );
}
