/**
 * How many single-character edits (insert, delete, replace, swap two neighbours) turn one name
 * into another: the optimal string alignment form of the Damerau-Levenshtein distance. Names
 * here are short (payload keys, placeholders), so the plain table is quick enough; a transposed
 * pair ("nmae") counts as one edit, as a person typing would see it.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]!.push(best);
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The name among `names` that `typed` most likely meant: the closest within a small distance
 * (at most 2 edits, and at most a third of the name's length, so "id" never "means" "to"),
 * letter case aside. Null when none is that close or `typed` is one of them.
 */
export function closestName(typed: string, names: readonly string[]): string | null {
  if (names.includes(typed)) return null;
  let closest: { name: string; distance: number } | null = null;
  for (const name of names) {
    const distance = editDistance(typed.toLowerCase(), name.toLowerCase());
    const allowed = Math.min(2, Math.floor(name.length / 3));
    if (distance <= allowed && (closest === null || distance < closest.distance)) closest = { name, distance };
  }
  return closest?.name ?? null;
}
