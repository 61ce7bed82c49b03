import type { Metadata } from "next";
import { MembersView } from "@/components/portal/team/members-view";

export const metadata: Metadata = { title: "Members" };

export default function MembersPage() {
  return (
    <main id="main">
      <MembersView />
    </main>
  );
}
