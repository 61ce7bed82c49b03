import { z } from "zod";

const format = z.enum(["json", "csv"], { error: 'must be "json" or "csv"' });

/** `POST /api/portal/import?format=`: the body is the file itself. */
export const importQuerySchema = z.object({ format });

/** `GET /api/portal/export?format=`: the partner's own collections as a file. */
export const exportQuerySchema = z.object({ format });
