// The names closest to a misspelt one (edit distance), for "did you mean" lines of the CLIs and the config check.
import { distance } from 'fastest-levenshtein';

/** Up to `n` candidates nearest to `input` (case-insensitive), nearest first; ties keep the candidates' order. */
export function closest(input: string, candidates: readonly string[], n = 3): string[] {
  const wanted = input.toLowerCase();
  return candidates
    .map((c, i) => ({
      c,
      i,
      d:
        distance(wanted, c.toLowerCase().slice(0, Math.max(wanted.length, 1))) +
        distance(wanted, c.toLowerCase()) / 100,
    }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, n)
    .map((x) => x.c);
}
