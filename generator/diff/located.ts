// A node of a document with its `$ref`s followed, and the pointer where the object it stands for is written.
import { followPointer } from '../model/json-pointer.js';
import type { Side } from './load.js';
import { refPointer } from './pointer.js';

export interface Located<T = any> {
  value: T;
  pointer: string;
}

/** A node with its `$ref`s followed, and the pointer where the object is written. */
export function located(side: Side, value: any, pointer: string): Located {
  let current: Located = { value, pointer };
  for (let hops = 0; hops < 16; hops++) {
    const ref = current.value?.$ref;
    if (typeof ref !== 'string') return current;
    const target = refPointer(ref);
    if (target === undefined) return current;
    const node = followPointer(side.document, target);
    if (node === undefined) return current;
    current = { value: node, pointer: target };
  }
  return current;
}
