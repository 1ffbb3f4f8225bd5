// Runs n calls with at most `width` in flight at once, answering their results in call order: a burst that
// reaches a target within a short window even when each call is slow (a loaded machine, a balancer in front).
export async function concurrently<T>(n: number, width: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(n);
  let next = 0;
  const lane = async () => {
    while (next < n) {
      const i = next++;
      results[i] = await call(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, n) }, lane));
  return results;
}
