// A connection in memory for the in-process benches: an http.Server is handed it (`emit('connection', socket)`)
// and fed requests written into it; what the server writes back is counted as answers, each checked for the
// expected status. No kernel and no other process share the measurement.
import { Duplex } from 'node:stream';

export class MemorySocket extends Duplex {
  answers = 0;
  /** The start of each answer whose status was not the expected one. */
  refused: string[] = [];
  onAnswer: (() => void) | undefined;
  remoteAddress = '127.0.0.1';
  remotePort = 40000;
  localAddress = '127.0.0.1';
  localPort = 80;
  constructor(readonly expected = '200') {
    super();
  }
  _read(): void {}
  _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.count(chunk);
    done();
  }
  _writev(chunks: Array<{ chunk: Buffer }>, done: () => void): void {
    for (const { chunk } of chunks) this.count(chunk);
    done();
  }
  setTimeout(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  private count(chunk: Buffer): void {
    const text = chunk.toString('latin1');
    for (let at = text.indexOf('HTTP/1.1 '); at >= 0; at = text.indexOf('HTTP/1.1 ', at + 1)) {
      this.answers++;
      if (text.slice(at + 9, at + 12) !== this.expected) this.refused.push(text.slice(at, at + 300));
    }
    this.onAnswer?.();
  }
}
