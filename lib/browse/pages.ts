/** Page numbers to offer around the current one: always the first and last, gaps as null. */
export function pageWindow(current: number, total: number, radius = 1): (number | null)[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  const wanted = new Set<number>([1, total]);
  for (let offset = -radius; offset <= radius; offset += 1) {
    const candidate = page + offset;
    if (candidate >= 1 && candidate <= total) wanted.add(candidate);
  }
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((value, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && value - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && value - previous > 2) result.push(null);
    result.push(value);
  });
  return result;
}

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
