import "server-only";
import { getPublicCollection } from "@/lib/browse/server/collection";
import { isPossibleId } from "@/lib/schemas/path-id";
import { notSyndicated, syndicated } from "./answers";
import { perksCalendar } from "./calendar";
import { datedPerks } from "./perk-facts";
import { siteOrigin } from "./site-url";

const ICS = "text/calendar; charset=utf-8";
const unknownCollection = (id: string) => `PlatformNFTId: collection ${JSON.stringify(id)}`;

/** `/collections/{id}/calendar.ics`: every dated perk of the collection, to subscribe to. */
export async function collectionCalendarAnswer(request: Request, id: string): Promise<Response> {
  const record = await getPublicCollection(id);
  if (!record) return notSyndicated(unknownCollection(id));
  return syndicated(perksCalendar(record.nftData, datedPerks(record.perkData), siteOrigin(request), true), ICS);
}

/** `/collections/{id}/perks/{perkId}/calendar.ics`: "Add to calendar"; 404 for an unknown perk or one without a date. */
export async function perkCalendarAnswer(request: Request, id: string, perkId: string): Promise<Response> {
  const record = isPossibleId(perkId) ? await getPublicCollection(id) : null;
  const dated = datedPerks(record?.perkData.filter((perk) => perk.PlatformPerkId === perkId) ?? []);
  if (!record || dated.length === 0)
    return notSyndicated(`PlatformPerkId: dated perk ${JSON.stringify(perkId)} of collection ${JSON.stringify(id)}`);
  const body = perksCalendar(record.nftData, dated, siteOrigin(request), false);
  return syndicated(body, ICS, { "content-disposition": `attachment; filename="perk-${encodeURIComponent(perkId).slice(0, 64)}.ics"` });
}
