import { InstantText } from "@/components/local-time";
import { Badge } from "@/components/ui/badge";
import { Table, type Column } from "@/components/ui/table";
import type { ApiKeyRow } from "@/lib/schemas/account";

const when = (iso: string) => <InstantText ms={Date.parse(iso)} />;

const columns = (onRevoke: (key: ApiKeyRow) => void): Column<ApiKeyRow>[] => [
  { header: "Label", rowHeader: true, cell: (key) => key.label },
  { header: "Key", className: "font-mono whitespace-nowrap", cell: (key) => `${key.prefix}…` },
  { header: "Scope", className: "whitespace-nowrap", cell: (key) => (key.scope === "read" ? "Read only" : "Read and write") },
  { header: "Minted by", className: "break-all", cell: (key) => key.createdBy },
  { header: "Created", className: "whitespace-nowrap", cell: (key) => when(key.createdAt) },
  { header: "Last used", className: "whitespace-nowrap", cell: (key) => (key.lastUsedAt ? when(key.lastUsedAt) : "Never") },
  {
    header: "Status",
    className: "whitespace-nowrap",
    cell: (key) =>
      key.revokedAt ? (
        <span>Revoked {when(key.revokedAt)}</span>
      ) : (
        <div className="flex items-center gap-3">
          <Badge tone="success-table">Active</Badge>
          <button
            type="button"
            onClick={() => onRevoke(key)}
            aria-label={`Revoke ${key.label} (${key.prefix}…)`}
            className="rounded-md border border-red-300 px-3 py-1 font-medium text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950"
          >
            Revoke
          </button>
        </div>
      ),
  },
];

/** The partner's keys, newest first; a live key can be revoked, a revoked one says since when. On a phone, one card per key. */
export function KeyList({ keys, onRevoke }: { keys: ApiKeyRow[]; onRevoke: (key: ApiKeyRow) => void }) {
  return (
    <Table
      caption="Your API keys"
      columns={columns(onRevoke)}
      rows={keys}
      rowKey={(key) => key.id}
      rowClassName={(key) => (key.revokedAt ? "text-slate-600 dark:text-slate-400" : undefined)}
      empty="No keys yet."
    />
  );
}
