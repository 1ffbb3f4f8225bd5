// A server started over an IPC channel (child_process.fork, or spawn with 'ipc': a test, a supervisor) stops as on
// SIGTERM when that channel closes, which is when its parent has ended: a parent killed before it could stop the
// server (a timed-out setup, SIGKILL) leaves no server running on its own. Started from a shell there is no channel,
// and nothing changes.
export function stopWhenParentGoes(stop: (signal: NodeJS.Signals) => void): void {
  if (!process.connected) return;
  process.once('disconnect', () => stop('SIGTERM'));
  // The channel must not keep the server's process alive once the servers themselves have stopped.
  process.channel?.unref();
}
