// Change signals travel on the channel of the target that posted them: two targets started side by side (the
// mutation gate judges several in one run) never wake each other's waits, even for a file of the same name.
import { describe, expect, it } from 'vitest';
import type { GenerativeStore } from '../../reference/generative/store.js';
import { changeChannel, nextChange, signallingFileChanges } from '../../contracts/targets/change-signals.js';

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
