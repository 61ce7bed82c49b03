import type { Metadata } from "next";
import { MyCollections } from "@/components/portal/collections/my-collections";

export const metadata: Metadata = { title: "My collections" };

export default function MyCollectionsPage() {
  return (
    <main id="main">
      <MyCollections />
    </main>
  );
}
