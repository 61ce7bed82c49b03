import type { Metadata } from "next";
import { ApiKeysView } from "@/components/portal/keys/api-keys-view";

export const metadata: Metadata = { title: "API keys" };

export default function ApiKeysPage() {
  return (
    <main id="main">
      <ApiKeysView />
    </main>
  );
}
