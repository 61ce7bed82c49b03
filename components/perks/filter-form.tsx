"use client";

import { useRouter } from "next/navigation";
import { useTransition, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";
import { dateShortcut, perksHref, type PerksPageParams } from "@/lib/perks/page-url";
import { CATEGORIES } from "@/lib/schemas/category-list";
import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM } from "@/lib/schemas/perk-search-params";
import { NearMe } from "./near-me";

const label = "flex flex-col gap-1 text-sm font-medium";
const control = controlClass("sm");
const shortcut =
  "rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:border-indigo-400 hover:text-indigo-700 dark:border-slate-700 dark:text-slate-200 dark:hover:border-indigo-400";

/** The URL of a submitted form: only the fields with a value, so it reads like a link someone would write. */
function filledHref(form: HTMLFormElement): string {
  const params: PerksPageParams = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim()) params[name as keyof PerksPageParams] = value.trim();
  }
  return perksHref(params);
}

/**
 * The filters as a GET form over the perks API's own parameter names, and the URL it makes is the
 * state. With JavaScript, sending it goes to the URL of the filled fields only; without, the
 * browser writes every field and the page answers with a redirect to the same tidy URL.
 */
export function FilterForm({ params, now }: { params: PerksPageParams; now: number }) {
  const router = useRouter();
  const [sending, startTransition] = useTransition();
  const { pageNum: _page, ...kept } = params;
  const week = dateShortcut("week", now);
  const month = dateShortcut("month", now);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const href = filledHref(event.currentTarget);
    startTransition(() => router.push(href));
  };
  return (
    <form
      action="/perks"
      method="get"
      role="search"
      aria-label="Filter perks"
      aria-busy={sending}
      onSubmit={submit}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <label className={label}>
          Words
          <input name="query" type="search" defaultValue={params.query ?? ""} className={control} placeholder="meetup, hoodie…" />
        </label>
        <label className={label}>
          Category
          <select name="category" defaultValue={params.category ?? ""} className={control}>
            <option value="">All categories</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Status
          <select name="status" defaultValue={params.status ?? ""} className={control}>
            <option value="">Any</option>
            <option value="Upcoming">Upcoming</option>
            <option value="Past">Past</option>
          </select>
        </label>
        <label className={label}>
          One-time
          <select name="oneTime" defaultValue={params.oneTime ?? ""} className={control}>
            <option value="">Any</option>
            <option value="true">One-time only</option>
            <option value="false">Repeatable only</option>
          </select>
        </label>
        <label className={label}>
          Near (latitude, longitude)
          <input name="near" defaultValue={params.near ?? ""} className={control} placeholder="48.8566,2.3522" inputMode="decimal" />
        </label>
        <label className={label}>
          Within (km)
          <input
            name="radiusKm"
            type="number"
            min={1}
            max={MAX_RADIUS_KM}
            defaultValue={params.radiusKm ?? ""}
            placeholder={String(DEFAULT_RADIUS_KM)}
            className={control}
          />
        </label>
        <label className={label}>
          From
          <input name="from" type="date" defaultValue={params.from ?? ""} className={control} />
        </label>
        <label className={label}>
          To
          <input name="to" type="date" defaultValue={params.to ?? ""} className={control} />
        </label>
        <label className={label}>
          Order
          <select name="sort" defaultValue={params.sort ?? ""} className={control}>
            <option value="">Best for the filters</option>
            <option value="date">By date</option>
            <option value="distance">Nearest first (needs a place)</option>
            <option value="relevance">Best match (needs words)</option>
          </select>
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass({ tone: "indigo", size: "md" })}>
          Show perks
        </button>
        <a href="/perks" className="text-sm text-indigo-700 underline dark:text-indigo-300">
          Clear filters
        </a>
        <span className="text-sm text-slate-600 dark:text-slate-400">Dates:</span>
        <a className={shortcut} href={perksHref({ ...kept, ...week })}>
          This week
        </a>
        <a className={shortcut} href={perksHref({ ...kept, ...month })}>
          This month
        </a>
      </div>
      <NearMe />
    </form>
  );
}
