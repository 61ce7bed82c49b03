"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useQueryStates } from "nuqs";
import { useEffect, useState } from "react";
import { Pagination } from "@/components/browse/pagination";
import { StatusMessage } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { useDebouncedCallback } from "@/lib/browse/client/use-debounced-callback";
import { managedListHref, managedListParsers, managedListUrlKeys } from "@/lib/portal/managed-list";
import { MANAGED_PAGE_SIZE, type ManagedListInput } from "@/lib/schemas/managed-list";
import type { ManagedListPage } from "@/lib/schemas/managed-collection";
import { deletionNotice, forgetDeletionNotice } from "@/lib/portal/client/deleted-collections";
import { managedCollectionsOptions } from "@/lib/portal/client/queries";
import { deletedText } from "@/lib/portal/deleted-collection";
import { LIMITS } from "@/lib/schemas/limits";
import type { Role } from "@/lib/schemas/team-roles";
import { RoleGate, RoleGateLink } from "@/components/portal/team/role-gate";
import { panelClass } from "@/components/ui/panel";
import { QueryStates } from "@/components/ui/query-states";
import { ListControls } from "./list-controls";
import { newCollectionClass, NoCollections, NoMatches } from "./list-states";
import { ManagedRow } from "./managed-row";

const DEBOUNCE_MS = 250;
const format = (n: number) => n.toLocaleString("en-US");
const countText = (count: number) => (count === 1 ? "1 collection" : `${format(count)} collections`);

function summary(input: ManagedListInput, data: ManagedListPage): string {
  const narrowed = [
    input.text ? `with “${input.text}” in the title` : "",
    input.status === "none" ? "without a release status" : input.status ? `with release status ${input.status}` : "",
  ].filter(Boolean);
  const total = [countText(data.total), ...narrowed].join(" ");
  if (data.pageCount <= 1) return total;
  const first = (data.page - 1) * MANAGED_PAGE_SIZE + 1;
  return `${total}; showing ${format(first)}–${format(first + data.collections.length - 1)}`;
}

/**
 * The partner's own collections, a page at a time with the true total. Title filter, release
 * status, sort and page live in the URL (nuqs): typing replaces the history entry after a pause,
 * the other controls and the page links push one. The last page stays on screen meanwhile.
 * A viewer reads, filters and exports the same list; creating a collection needs an editor.
 */
export function MyCollections({ role }: { role: Role | undefined }) {
  const [input, setInput] = useQueryStates(managedListParsers, { urlKeys: managedListUrlKeys, history: "push" });
  const [draft, setDraft] = useState(input.text);
  // A deletion the editor just made is confirmed here once, with the list it left.
  const queryClient = useQueryClient();
  const [deleted] = useState(() => deletionNotice(queryClient));
  useEffect(() => {
    if (deleted) forgetDeletionNotice(queryClient);
  }, [deleted, queryClient]);
  const debounced = useDebouncedCallback(
    (value: string) => void setInput({ text: value.trim() || null, page: null }, { history: "replace" }),
    DEBOUNCE_MS,
  );
  const list = useQuery({ ...managedCollectionsOptions(input), placeholderData: keepPreviousData });
  const { data, isPending, isFetching, isPlaceholderData } = list;

  const clear = () => {
    setDraft("");
    debounced.run("");
    debounced.flush();
    void setInput({ status: null, page: null });
  };

  let status = "";
  if (isPending) status = "Loading your collections…";
  else if (isFetching && isPlaceholderData) status = "Searching…";
  else if (data) status = summary(input, data);

  const filtered = Boolean(input.text || input.status);
  return (
    <div className="flex flex-col gap-4">
      <RoleGate role={role} needs="editor" what="creating and importing collections">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My collections</h1>
          <div className="flex flex-wrap gap-3">
            {/* Open to all: a viewer exports there. */}
            <Link href="/portal/import" className={buttonClass({ tone: "outline" })}>
              Import or export
            </Link>
            <RoleGateLink role={role} needs="editor" href="/portal/collections/new" className={newCollectionClass}>
              <span aria-hidden="true">+</span> New collection
            </RoleGateLink>
          </div>
        </div>
      </RoleGate>
      {deleted ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium break-words text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
        >
          {deletedText(deleted.title, deleted.perks)}
        </p>
      ) : null}
      <ListControls
        draft={draft}
        maxLength={LIMITS.title}
        onDraft={(value) => {
          setDraft(value);
          debounced.run(value);
        }}
        onSubmit={() => debounced.flush()}
        status={input.status}
        onStatus={(value) => void setInput({ status: value, page: null })}
        sort={input.sort}
        onSort={(value) => void setInput({ sort: value, page: null })}
      />
      <StatusMessage look="muted">{status}</StatusMessage>
      <QueryStates
        query={list}
        what="Your collections"
        empty={{
          when: (page) => page.collections.length === 0,
          say: filtered ? <NoMatches text={input.text} status={input.status} onClear={clear} /> : <NoCollections role={role} />,
        }}
      >
        {(page) => (
          <>
            <ul
              aria-label="Your collections"
              aria-busy={isPlaceholderData}
              className={panelClass(
                `divide-y divide-slate-200 overflow-hidden transition-opacity dark:divide-slate-800 ${isPlaceholderData ? "opacity-60" : ""}`,
              )}
            >
              {page.collections.map((collection) => (
                <ManagedRow key={collection.id} collection={collection} />
              ))}
            </ul>
            <Pagination
              page={page.page}
              numPages={page.pageCount}
              hrefOf={(n) => managedListHref({ ...input, page: n })}
              onPage={(n) => void setInput({ page: n }, { scroll: true })}
            />
          </>
        )}
      </QueryStates>
    </div>
  );
}
