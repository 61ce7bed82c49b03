import type { Metadata } from "next";
import { ImportFileFormat } from "@/components/portal/import/file-format";
import { ImportView } from "@/components/portal/import/import-view";
import { requireUser } from "@/lib/portal/server/require-user";

export const metadata: Metadata = { title: "Import and export" };

export default async function ImportPage() {
  const user = await requireUser("/portal/import");
  return (
    <main id="main">
      <ImportView role={user.team?.role} fileFormat={<ImportFileFormat />} />
    </main>
  );
}
