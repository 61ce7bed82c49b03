import { getPublicPerk } from "@/lib/browse/server/collection";
import { notFound } from "@/lib/errors";
import { defineRoute } from "@/lib/http/server/route";
import { perkPathSchema } from "@/lib/schemas/path-id";

const unknownPerk = ({ id, perkId }: Record<string, string>) =>
  `PlatformPerkId: perk ${JSON.stringify(perkId)} of collection ${JSON.stringify(id)} not found`;

/** One perk of the collection page, keyless: its "Show more" reads the texts the page cut. */
export const GET = defineRoute(
  { auth: "public", budget: "read", params: { schema: perkPathSchema, unknown: unknownPerk } },
  async ({ params }) => {
    const perk = await getPublicPerk(params.id, params.perkId);
    if (!perk) throw notFound(unknownPerk(params));
    return perk;
  },
);
