import { normalizeCategory, normalizePage, pageNumberNote, rawPageOf } from "@/lib/browse/url-state";
import { LIMITS } from "@/lib/schemas/limits";
import { PERK_STATUSES } from "@/lib/schemas/perk";
import {
  MAX_RADIUS_KM,
  PERK_SEARCH_PARAM_NAMES,
  PERK_SORTS,
  perkSearchFieldsSchema,
  perkSearchQuery,
  type PerkSearchParams,
} from "@/lib/schemas/perk-search-params";
import type { PerksPageParams } from "./page-url";

type RawParams = Record<string, string | string[] | undefined>;

/**
 * What the /perks page shows for a URL: the nearest valid filters (`params`, as the URL and the
 * form write them; `query`, as the search takes them) and a note in plain words for every value
 * that was changed or left out. A hand-edited URL never ends in an error or an empty page that
 * could have been avoided.
 */
export type PerksPageInput = { params: PerksPageParams; query: PerkSearchParams; notes: string[] };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const quoted = (text: string, max = 40) => `“${text.length > max ? `${text.slice(0, max)}…` : text}”`;
const oneOf = <T extends string>(options: readonly T[], raw: string): T | undefined =>
  options.find((option) => option.toLowerCase() === raw.trim().toLowerCase());
const valid = (name: keyof typeof perkSearchFieldsSchema.shape, value: string) =>
  perkSearchFieldsSchema.shape[name].safeParse(value).success;

/** Page numbers as the home page reads them: anything that is not a whole number from 1 is page 1, with a note. */
function readPage(text: string, notes: string[]): string | undefined {
  const note = pageNumberNote(text);
  if (note) notes.push(note);
  const page = normalizePage(text);
  return page > 1 ? String(page) : undefined;
}

function readRadius(text: string, notes: string[]): string | undefined {
  if (valid("radiusKm", text)) return text;
  const km = Number(text.trim());
  if (text.trim() === "" || !Number.isFinite(km)) {
    notes.push(`${quoted(text, 20)} is not a distance in kilometres, so 50 km is used.`);
    return undefined;
  }
  const clamped = Math.min(Math.max(km, 1), MAX_RADIUS_KM);
  notes.push(`Distances go from 1 to ${MAX_RADIUS_KM.toLocaleString("en-US")} km, so ${clamped.toLocaleString("en-US")} km is used.`);
  return String(clamped);
}

const SORT_WORDS: Record<(typeof PERK_SORTS)[number], string> = { date: "By date", distance: "Nearest first", relevance: "Best match" };

/** Reads every filter on its own, then the rules between them; see `PerksPageInput`. */
export function readPerksPageInput(raw: RawParams): PerksPageInput {
  const notes: string[] = [];
  const given = Object.fromEntries(
    PERK_SEARCH_PARAM_NAMES.map((name) => [name, (name === "pageNum" ? rawPageOf(raw) : first(raw[name])) || undefined]),
  ) as PerksPageParams;
  const params: PerksPageParams = {};

  if (given.query !== undefined) {
    params.query = given.query.slice(0, LIMITS.query);
    if (given.query.length > LIMITS.query) notes.push(`Your words were shortened to their first ${LIMITS.query} characters.`);
  }
  if (given.category !== undefined) {
    const category = normalizeCategory(given.category);
    if (category) params.category = category;
    else notes.push(`There is no category called ${quoted(given.category)}, so all categories are shown.`);
  }
  if (given.status !== undefined) {
    const status = oneOf(PERK_STATUSES, given.status);
    if (status) params.status = status;
    else notes.push(`${quoted(given.status, 20)} is not a perk status (Upcoming or Past), so perks of any status are shown.`);
  }
  if (given.oneTime !== undefined) {
    const oneTime = oneOf(["true", "false"] as const, given.oneTime);
    if (oneTime) params.oneTime = oneTime;
    else notes.push(`${quoted(given.oneTime, 20)} is not “true” or “false” for one-time perks, so both kinds are shown.`);
  }
  if (given.near !== undefined) {
    if (valid("near", given.near)) params.near = given.near.trim();
    else notes.push(`${quoted(given.near)} is not a place as “latitude,longitude” (such as 48.8566,2.3522), so perks anywhere are shown.`);
  }
  if (given.radiusKm !== undefined) {
    if (!params.near) notes.push("A distance needs a place to measure from, so it was left out.");
    else params.radiusKm = readRadius(given.radiusKm, notes);
  }
  for (const name of ["from", "to"] as const) {
    const day = given[name];
    if (day === undefined) continue;
    if (valid(name, day.trim())) params[name] = day.trim();
    else
      notes.push(`${quoted(day, 20)} is not a date written as YYYY-MM-DD, so the “${name === "from" ? "From" : "To"}” date was left out.`);
  }
  if (params.from && params.to && params.to < params.from) {
    [params.from, params.to] = [params.to, params.from];
    notes.push("The end date was before the start date, so the two were swapped.");
  }
  if (given.sort !== undefined) {
    const sort = oneOf(PERK_SORTS, given.sort);
    if (!sort) notes.push(`${quoted(given.sort, 20)} is not an order, so the default order is used.`);
    else if (sort === "distance" && !params.near) notes.push(`“${SORT_WORDS.distance}” needs a place, so the default order is used.`);
    else if (sort === "relevance" && !params.query?.trim())
      notes.push(`“${SORT_WORDS.relevance}” needs words, so the default order is used.`);
    else params.sort = sort;
  }
  if (given.pageNum !== undefined) params.pageNum = readPage(given.pageNum, notes);

  const cleaned = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as PerksPageParams;
  return { params: cleaned, query: perkSearchQuery.parse(new URLSearchParams(cleaned)), notes };
}

/**
 * The same URL without empty values and with `page` written as `pageNum`, or null when it is
 * already so: a form sent without JavaScript writes every empty field, and the home page's `page`
 * is taken here too.
 */
export function tidyPerksHref(raw: RawParams, href: (params: PerksPageParams) => string): string | null {
  const untidy = Object.entries(raw).some(
    ([name, value]) => name === "page" || ((PERK_SEARCH_PARAM_NAMES as readonly string[]).includes(name) && !first(value)),
  );
  if (!untidy) return null;
  const kept: PerksPageParams = {};
  for (const name of PERK_SEARCH_PARAM_NAMES) {
    const value = name === "pageNum" ? rawPageOf(raw) : first(raw[name]);
    if (value) kept[name] = value;
  }
  return href(kept);
}
