/**
 * Fetches `page`, or the last page when `page` is past the end (a stale or hand-edited link),
 * so a visitor lands on the nearest page that has results.
 */
export async function resolvePage<Result extends { NumPages: number; Docs: unknown[] }>(
  page: number,
  search: (page: number) => Promise<Result>,
): Promise<{ result: Result; page: number }> {
  const result = await search(page);
  if (result.Docs.length === 0 && result.NumPages > 0 && page > result.NumPages) {
    return { result: await search(result.NumPages), page: result.NumPages };
  }
  return { result, page };
}
