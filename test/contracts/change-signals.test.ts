// Change signals travel on the channel of the target that posted them: two targets started side by side (the
// mutation gate judges several in one run) never wake each other's waits, even for a file of the same name; a
// test's ask to process a file now reaches its own target's processing of that file only.
import { describe, expect, it } from 'vitest';
import type { ProcessingClock } from '../../reference/generative/processing-clock.js';
import type { FileRecord, GenerativeStore } from '../../reference/generative/store.js';
import {
  advanceProcessing,
  changeChannel,
  nextChange,
  processingOnRequest,
  signallingFileChanges,
} from '../../contracts/targets/change-signals.js';

/** A store whose updateFile answers at once (the decorator only needs that one method). */
const store = () => ({ updateFile: async () => undefined }) as unknown as GenerativeStore;

describe('change signals', () => {
  it("a wait hears its own target's change, not another target's change of a file of the same name", async () => {
    const [mine, other] = [changeChannel(), changeChannel()];
    expect(mine).not.toBe(other);
    const wait = nextChange(mine, 'files/same');
    const heard: string[] = [];
    void wait.changed.then((state) => heard.push(state ?? ''));
    // The other target's change is posted first; the wait may only resolve with this target's own.
    await signallingFileChanges(store(), other).updateFile('p', 'same', { state: 'FAILED' });
    await signallingFileChanges(store(), mine).updateFile('p', 'same', { state: 'ACTIVE' });
    expect(await wait.changed).toBe('ACTIVE');
    expect(heard).toEqual(['ACTIVE']);
  });
});

describe('processing on request', () => {
  /** A clock whose processing is never due by itself: only a test's ask runs it. */
  const never: ProcessingClock = () => () => undefined;
  const file = (id: string) => ({ id }) as FileRecord;

  it("runs a file's processing when a test of its own target asks for that file, and only then", async () => {
    const [mine, other] = [changeChannel(), changeChannel()];
    const ran: string[] = [];
    let processed!: () => void;
    const done = new Promise<void>((resolve) => (processed = resolve));
    processingOnRequest(never, mine)(file('a'), 60_000, () => {
      ran.push('mine a');
      processed();
    });
    const cancelB = processingOnRequest(never, mine)(file('b'), 60_000, () => ran.push('mine b'));
    const cancelOther = processingOnRequest(never, other)(file('a'), 60_000, () => ran.push('other a'));
    advanceProcessing(mine, 'files/a');
    await done;
    expect(ran).toEqual(['mine a']);
    cancelB();
    cancelOther();
  });

  it('runs it when its own clock says it is due, without an ask', async () => {
    const due: ProcessingClock = (_file, _waitMs, run) => {
      queueMicrotask(run);
      return () => undefined;
    };
    const ran = await new Promise<string>((resolve) =>
      processingOnRequest(due, changeChannel())(file('a'), 60_000, () => resolve('ran')),
    );
    expect(ran).toBe('ran');
  });
});
