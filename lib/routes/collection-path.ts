import "server-only";
import { idPathSchema } from "@/lib/schemas/path-id";

/** The 404 of a collection id that names none. */
export const unknownCollection = ({ id }: Record<string, string>) => `PlatformNFTId: collection "${id}" not found`;

/** The same, the id quoted as JSON: the deletes and history answer so, since an id in a path may hold U+0000 or a quote. */
export const unknownCollectionQuoted = ({ id }: Record<string, string>) => `PlatformNFTId: collection ${JSON.stringify(id)} not found`;

/** A route whose path names one collection: an id that cannot exist is its 404 before any lookup. */
export const collectionPath = { schema: idPathSchema, unknown: unknownCollection };
