// A kept-alive connection the target closed while it sat idle in the client's pool, just as a request went out on
// it: the target's keep-alive ran out (Node's default is 5 s) while the suite's process was busy and its own pool
// timer had not yet run. The request never reached the target's application, so it is sent once more, as browsers
// resend on a reused connection; by then the pool has seen every connection the target closed, so the second
// attempt goes on a new one. A target that drops connections every time still fails the second attempt.

/** Whether a failed exchange's cause is a connection closed or reset with no answer begun. */
export function isStaleConnection(cause: string): boolean {
  return /other side closed|ECONNRESET|socket hang up|UND_ERR_SOCKET/.test(cause);
}
