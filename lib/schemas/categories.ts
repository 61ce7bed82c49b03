import { z } from "zod";
import { CATEGORIES } from "./category-list";

export const categorySchema = z.enum(CATEGORIES, {
  error: (issue) => `unknown category ${JSON.stringify(issue.input)}`,
});
