import type { Metadata } from "next";
import { ImportFileFormat } from "@/components/portal/import/file-format";
import { ImportView } from "@/components/portal/import/import-view";

export const metadata: Metadata = { title: "Import and export" };

export default function ImportPage() {
  return (
    <main id="main">
      <ImportView fileFormat={<ImportFileFormat />} />
    </main>
  );
}
