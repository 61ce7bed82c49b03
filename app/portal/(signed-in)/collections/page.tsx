import type { Metadata } from "next";
import { MyCollections } from "@/components/portal/collections/my-collections";
import { requireUser } from "@/lib/portal/server/require-user";

export const metadata: Metadata = { title: "My collections" };

export default async function MyCollectionsPage() {
  const user = await requireUser("/portal/collections");
  return (
    <main id="main">
      <MyCollections role={user.team?.role} />
    </main>
  );
}
