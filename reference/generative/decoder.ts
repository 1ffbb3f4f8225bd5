// Turns the model's text, piece by piece, into what the caller receives: generation stops at the first
// occurrence of any stop sequence (which is not returned) or after maxOutputTokens tokens (MAX_TOKENS).
// Text that could be the start of a stop sequence is held back until it is known not to be one, so a stream
// never sends text it would have to take back.
export type Finish = 'STOP' | 'MAX_TOKENS';

/** What generation needs of a decoder: pieces in, releasable text out, and why it ended. */
export interface AnswerDecoder {
  push(piece: string): string;
  end(): string;
  readonly finish?: Finish;
}

/** Makes the decoder of one answer; the service takes it as a part (ServiceContext.decorate may wrap it). */
export type DecoderFactory = (stopSequences: readonly string[], maxTokens: number | undefined) => AnswerDecoder;

export const createDecoder: DecoderFactory = (stopSequences, maxTokens) => new Decoder(stopSequences, maxTokens);

export class Decoder implements AnswerDecoder {
  private text = '';
  private emitted = 0;
  private tokens = 0;
  private readonly hold: number;
  finish?: Finish;

  constructor(
    private readonly stopSequences: readonly string[],
    private readonly maxTokens: number | undefined,
  ) {
    const stops = stopSequences.filter((s) => s.length > 0);
    this.stopSequences = stops;
    this.hold = Math.max(0, ...stops.map((s) => s.length - 1));
  }

  /** Takes one piece (one token); answers the text that can be released now. */
  push(piece: string): string {
    if (this.finish) return '';
    this.text += piece;
    this.tokens += 1;
    const stop = this.firstStop();
    if (stop) {
      this.finish = 'STOP';
      this.text = this.text.slice(0, stop.at);
      return this.release(this.text.length);
    }
    if (this.maxTokens !== undefined && this.tokens >= this.maxTokens) {
      this.finish = 'MAX_TOKENS';
      return this.release(this.text.length);
    }
    return this.release(this.text.length - this.hold);
  }

  /** The model has no more text: everything held back is released. */
  end(): string {
    if (!this.finish) this.finish = 'STOP';
    return this.release(this.text.length);
  }

  /** All the text released or to be released. */
  get whole(): string {
    return this.text;
  }

  private firstStop(): { at: number; sequence: string } | undefined {
    let best: { at: number; sequence: string } | undefined;
    const from = Math.max(0, this.emitted - this.hold);
    for (const sequence of this.stopSequences) {
      const at = this.text.indexOf(sequence, from);
      if (at >= 0 && (!best || at < best.at)) best = { at, sequence };
    }
    return best;
  }

  private release(upTo: number): string {
    if (upTo <= this.emitted) return '';
    const out = this.text.slice(this.emitted, upTo);
    this.emitted = upTo;
    return out;
  }
}
