/**
 * The fuzzy string match behind PostgREST's "Perhaps you meant …" hints: the `fuzzyset` library
 * (a port of fuzzyset.js) with its defaults — n-grams of sizes 3 then 2 compared by cosine
 * similarity, the best 50 re-scored by normalised Levenshtein distance, minimum score 0.33. Pure.
 */

const GRAM_SIZES = [3, 2];
const DEFAULT_MIN_SCORE = 0.33;

/** Lowercase; only letters, digits, spaces and commas kept. */
function normalized(text: string): string {
  return [...text.toLowerCase()].filter((ch) => /[\p{L}\p{N}\s,]/u.test(ch)).join('');
}

/** n-gram → how often it occurs in the normalised text enclosed in hyphens. */
function gramCounts(text: string, size: number): Map<string, number> {
  const chars = [...`-${normalized(text)}-`];
  const counts = new Map<string, number>();
  for (let i = 0; i + size <= chars.length; i++) {
    const gram = chars.slice(i, i + size).join('');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

const magnitude = (counts: Map<string, number>) => Math.sqrt([...counts.values()].reduce((sum, n) => sum + n * n, 0));

function levenshtein(a: string[], b: string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** 1 for equal texts, 0 for nothing in common. */
function levenshteinSimilarity(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 1 : 1 - levenshtein(x, y) / longest;
}

/**
 * The entries like `query`, best first, as [score, entry]; an entry equal to it (ignoring case)
 * alone with score 1.
 */
export function fuzzyMatches(entries: Iterable<string>, query: string, minScore = DEFAULT_MIN_SCORE): [number, string][] {
  const byKey = new Map<string, string>();
  for (const e of entries) if (!byKey.has(e.toLowerCase())) byKey.set(e.toLowerCase(), e);
  const key = query.toLowerCase();
  const exact = byKey.get(key);
  if (exact !== undefined) return [[1, exact]];
  for (const size of GRAM_SIZES) {
    const wanted = gramCounts(key, size);
    const wantedMagnitude = magnitude(wanted);
    const cosine: [number, string][] = [];
    for (const entry of byKey.keys()) {
      const counts = gramCounts(entry, size);
      let dot = 0;
      for (const [gram, n] of wanted) dot += n * (counts.get(gram) ?? 0);
      if (dot > 0) cosine.push([dot / (wantedMagnitude * magnitude(counts)), entry]);
    }
    const rescored = cosine
      .sort((a, b) => b[0] - a[0])
      .slice(0, 50)
      .map(([, entry]): [number, string] => [levenshteinSimilarity(key, entry), entry])
      .sort((a, b) => b[0] - a[0])
      .filter(([score]) => score >= minScore);
    if (rescored.length) return rescored.map(([score, entry]) => [score, byKey.get(entry) ?? entry]);
  }
  return [];
}
