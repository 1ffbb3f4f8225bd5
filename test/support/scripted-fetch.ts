// A scripted fetch for client tests: no server, each call answered by a function of its index and request.

/** A fetch that answers the n-th call (0-based) as `answer` says, recording each request. */
export function scriptedFetch(answer: (n: number, request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    return answer(requests.length - 1, request);
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

/** A JSON answer. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
