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
