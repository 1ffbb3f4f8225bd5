// The line a JSON pointer's node starts on in a YAML file: the file parsed once, on the first question, with the
// `yaml` package's source ranges. JSON files are not asked (a pointer says enough in them, and parsing a large
// JSON document a second time for lines would cost more than the whole diff).
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { tokensOf } from '../model/json-pointer.js';

export type LineOf = (pointer: string) => number | undefined;

export function yamlLines(text: string): LineOf {
  let root: { doc: ReturnType<typeof parseDocument>; counter: LineCounter } | undefined;
  return (pointer) => {
    if (!root) {
      const counter = new LineCounter();
      root = {
        doc: parseDocument(text, { lineCounter: counter, keepSourceTokens: false, uniqueKeys: false }),
        counter,
      };
    }
    let node: unknown = root.doc.contents;
    let keyOffset: number | undefined;
    for (const token of tokensOf(pointer)) {
      if (isMap(node)) {
        const pair = node.items.find((p) => String((p.key as Node & { value?: unknown })?.value ?? p.key) === token);
        if (!pair) return undefined;
        keyOffset = (pair.key as Node | undefined)?.range?.[0];
        node = pair.value;
      } else if (isSeq(node)) {
        node = node.items[Number(token)];
        keyOffset = (node as Node | undefined)?.range?.[0];
      } else return undefined;
    }
    const offset = keyOffset ?? (node as Node | undefined)?.range?.[0];
    return offset === undefined ? undefined : root.counter.linePos(offset).line;
  };
}
