// Generative: the mutants of the GEN-STOP-* rules (./stop.rules.ts), each to be caught under its own rule.
import {
  type AnswerDecoder,
  createDecoder,
  type DecoderFactory,
  type Finish,
} from '../../../reference/generative/decoder.js';
import type { Mutant } from '../../mutants/mutant.js';
import { seam } from './mutant-context.js';

/**
 * A decoder that cuts after a stop sequence instead of before it: the token limit is the real decoder's (given
 * no stop sequences), the stop sequences its own.
 */
class KeepsStopSequence implements AnswerDecoder {
  private readonly inner: AnswerDecoder;
  private text = '';
  private sent = 0;
  private stopped = false;

  constructor(
    private readonly stops: readonly string[],
    maxTokens: number | undefined,
  ) {
    this.inner = createDecoder([], maxTokens);
  }

  get finish(): Finish | undefined {
    return this.stopped ? 'STOP' : this.inner.finish;
  }

  push(piece: string): string {
    if (this.finish) return '';
    this.text += this.inner.push(piece);
    return this.release();
  }

  end(): string {
    if (!this.stopped) this.text += this.inner.end();
    return this.release();
  }

  private release(): string {
    const at = Math.min(
      ...this.stops
        .filter((s) => s.length > 0)
        .map((s) => {
          const i = this.text.indexOf(s);
          return i < 0 ? Number.POSITIVE_INFINITY : i + s.length;
        }),
    );
    if (Number.isFinite(at)) {
      this.stopped = true;
      this.text = this.text.slice(0, at);
    }
    const out = this.text.slice(this.sent);
    this.sent = this.text.length;
    return out;
  }
}

export const MUTANTS: Mutant[] = [
  seam('GEN-STOP-1', 'stop-sequence-included', 'the stop sequence is kept at the end of the text', {
    decoder: () => (stops, maxTokens) => new KeepsStopSequence(stops, maxTokens),
  }),
  seam('GEN-STOP-1', 'stop-sequences-ignored', 'stop sequences are accepted and ignored', {
    decoder: (create: DecoderFactory) => (_stops, maxTokens) => create([], maxTokens),
  }),
];
